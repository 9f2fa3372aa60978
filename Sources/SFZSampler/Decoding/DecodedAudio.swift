/// Audio decoded from a file or buffer, planar, in the format the engine will keep it (see
/// `SampleFormat`), with the sampler-relevant metadata the file carried.
///
/// Integer PCM of 16 bits or fewer stays 16-bit integers (8-bit values shifted up to 16 bits);
/// wider integers and float sources become floats scaled so that integer full scale maps to 1.0
/// (24-bit: `x / 8388608`, 32-bit: `x / 2147483648`), whichever decoder produced them, so the same
/// PCM decoded from raw data, WAV, FLAC or WavPack gives the same values.
///
/// ```swift
/// let audio = try SampleDecoder.decode(path: "/samples/piano_C4.flac")
/// print(audio.samples.format, audio.samples.channelCount, audio.frameCount)
/// if let loop = audio.loop { print("loops \(loop.start)..<\(loop.end)") }
/// ```
struct DecodedAudio: Sendable {
  /// One or two channels, each `frameCount` long (none after `withoutFrames()`). Files with more
  /// than two channels keep the first two; `notes` then says how many were dropped.
  var samples: SampleStorage
  /// Sample rate in Hz, exactly as stored in the file.
  var sampleRate: Double
  /// Frames per channel actually decoded.
  var frameCount: Int
  /// The length of the whole file in frames, as its header gives it: more than `frameCount` when
  /// a decode was bounded by a frame limit (or the file is shorter than its header says).
  var fileFrameCount: Int
  /// The first forward loop of the file's metadata (WAV `smpl`, AIFF `INST`/`MARK`, a FLAC or
  /// WavPack copy of a WAV `smpl` chunk), converted to a half-open frame range: see `SampleLoop`.
  var loop: SampleLoop?
  /// MIDI unity note (WAV `smpl`) or base note (AIFF `INST`), when the file has one.
  var rootKey: Int?
  /// How far the recorded pitch sits above `rootKey`, in cents: positive means the recording is
  /// sharp, so playing it at `rootKey`'s pitch needs a transposition of `-fineTuneCents`.
  /// From the WAV `smpl` pitch fraction (0..<100, a fraction of a semitone above the unity
  /// note) or the negated AIFF `INST` detune (which is the correction to apply, -50...50).
  var fineTuneCents: Double?
  /// Things the decoder changed or ignored on the way, e.g. dropped channels or a loop that
  /// pointed past the end of the audio. Empty for a clean file.
  var notes: [String] = []

  /// Wraps decoded values; `fileFrameCount` defaults to `frameCount` (everything was decoded).
  init(
    samples: SampleStorage, sampleRate: Double, frameCount: Int, fileFrameCount: Int? = nil,
    loop: SampleLoop? = nil, rootKey: Int? = nil, fineTuneCents: Double? = nil,
    notes: [String] = []
  ) {
    self.samples = samples
    self.sampleRate = sampleRate
    self.frameCount = frameCount
    self.fileFrameCount = fileFrameCount ?? frameCount
    self.loop = loop
    self.rootKey = rootKey
    self.fineTuneCents = fineTuneCents
    self.notes = notes
  }

  /// The values as float channels (16-bit integers scaled by 1/32768): a converted copy, for
  /// checks and tests.
  var floatChannels: [[Float]] { samples.floatChannels }
}

/// A sustain loop in frames, as a half-open range: `start` is the first frame played inside the
/// loop and `end` is the first frame after it (exclusive).
///
/// WAV `smpl` chunks store the last frame of the loop (inclusive); decoders add one when they
/// build this value, so `end - start` is always the loop length.
struct SampleLoop: Sendable, Equatable {
  /// First frame of the loop.
  var start: Int
  /// First frame after the loop (exclusive end).
  var end: Int
}

/// Loop and tuning metadata found in a file, before it is checked against the decoded length.
struct SampleMetadata: Sendable, Equatable {
  /// The first forward loop, as the file states it.
  var loop: SampleLoop?
  /// The MIDI root key, as the file states it.
  var rootKey: Int?
  /// Tuning above `rootKey` in cents, as `DecodedAudio.fineTuneCents`.
  var fineTuneCents: Double?
  /// What the reader had to make of inconsistent metadata, for the decoder's notes.
  var notes: [String] = []

  /// Drops or clips a loop that does not fit inside `frameCount` frames, saying why in the
  /// returned notes, so the engine never reads past the end of a buffer.
  func checkedLoop(frameCount: Int) -> (loop: SampleLoop?, notes: [String]) {
    guard let loop else { return (nil, notes) }
    if loop.end <= loop.start {
      return (
        nil, notes + ["loop start \(loop.start) is not before its end \(loop.end); loop ignored"]
      )
    }
    if loop.start < 0 || loop.start >= frameCount {
      return (
        nil,
        notes + [
          "loop \(loop.start)..<\(loop.end) ignored: it does not fit in \(frameCount) frames"
        ]
      )
    }
    if loop.end > frameCount {
      return (
        SampleLoop(start: loop.start, end: frameCount),
        notes + ["loop end \(loop.end) clipped to the sample length \(frameCount)"]
      )
    }
    return (loop, notes)
  }
}

extension DecodedAudio {
  /// The same description with no frames kept: rate, length, loop and root key only.
  func withoutFrames() -> DecodedAudio {
    var copy = self
    copy.samples = samples.withoutValues
    return copy
  }

  /// The same audio backwards, with its loop and notes mirrored, for direction=reverse.
  func reversed() -> DecodedAudio {
    var copy = self
    copy.samples = samples.reversed()
    copy.loop = loop.map { SampleLoop(start: frameCount - $0.end, end: frameCount - $0.start) }
    return copy
  }
}
