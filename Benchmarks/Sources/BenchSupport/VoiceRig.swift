import CSamplerCore

/// An engine holding exactly `voiceCount` sustained voices of one render configuration: a
/// 2-second looped 24-bit-range sample (kept as floats, or rounded to 16 bits and kept as 16-bit
/// integers for `int16Samples`), one region per key (each starting at its own offset, so
/// voices do not read the same memory), notes spread over keys 0...127 and 16 channels. Above
/// 2,048 voices (every key on every channel) each key has two regions, so each note starts two
/// voices, and `voiceCount` must be even.
///
/// ```swift
/// let rig = try VoiceRig(RenderConfiguration(interpolation: .sinc), voiceCount: 256)
/// rig.engine.render()
/// ```
public final class VoiceRig {
  /// The configuration every voice plays.
  public let configuration: RenderConfiguration
  /// Voices sounding.
  public let voiceCount: Int
  /// The engine, ready to render.
  public let engine: CoreEngine

  /// The most voices a rig can hold: two on every key of every channel.
  public static let maximumVoices = 128 * 16 * 2

  /// Builds the engine and starts the voices.
  public init(_ configuration: RenderConfiguration, voiceCount: Int, blockFrames: Int = 256)
    throws(BenchError)
  {
    precondition((1...Self.maximumVoices).contains(voiceCount))
    let layers = voiceCount > 128 * 16 ? 2 : 1
    precondition(voiceCount % layers == 0, "an even count of voices above 2,048")
    self.configuration = configuration
    self.voiceCount = voiceCount
    engine = try CoreEngine(
      blockFrames: blockFrames, maxVoices: voiceCount, quality: configuration.interpolation,
      portableKernels: configuration.portableKernels)
    let frames = 96_000
    let channels = configuration.stereo ? 2 : 1
    let tone: SampleValues =
      configuration.int16Samples
      ? .int16(TestSignal.richTone16(frames: frames, channels: channels))
      : .float32(TestSignal.richTone(frames: frames, channels: channels))
    let regions = (0..<layers).flatMap { layer in
      (0..<128).map { Self.region(key: $0, layer: layer, frames: frames, configuration) }
    }
    try engine.install(sampleValues: [tone], regions: regions)
    let notes = (0..<voiceCount / layers).map {
      CoreEngine.noteOn(key: $0 % 128, channel: $0 / 128)
    }
    engine.render(events: notes)
    for _ in 0..<4 { engine.render() }
    let sounding = engine.activeVoices
    guard sounding == voiceCount else { throw .voiceCount(wanted: voiceCount, got: sounding) }
  }

  private static func region(
    key: Int, layer: Int, frames: Int, _ configuration: RenderConfiguration
  ) -> sc_region {
    var region = sc_region()
    sc_region_init(&region)
    region.sample_index = 0
    region.lokey = UInt8(key)
    region.hikey = UInt8(key)
    region.loop_mode = SC_LOOP_CONTINUOUS
    region.loop_start = 0
    region.loop_end = UInt64(frames - 1)
    // A different start per key, spread over the sample.
    region.offset = UInt64((key * 7_919 + layer * 24_001) % (frames / 2))
    region.pitch_keycenter = 60
    if configuration.pitched {
      // About a fifth up (ratio near 1.5), a cent apart per key: non-integer and all different.
      region.pitch_keytrack = 1
      region.tune = 702
    } else {
      region.pitch_keytrack = 0
    }
    region.volume_db = -30
    if configuration.filter {
      region.filters.0.type = SC_FILTER_LPF_2P
      region.filters.0.cutoff = 2_500
      region.filters.0.resonance = 6
    }
    return region
  }
}
