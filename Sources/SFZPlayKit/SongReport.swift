import Foundation
import SFZSampler

/// What `--report FILE.json` writes about a song render, for a dataset builder or a mixing
/// engineer: per channel its programs (bank, program, instrument file, notes played, notes no
/// region played and their keys), its peak and its stem; per song its duration, peak and
/// warnings; per instrument its regions, samples and most voices.
///
/// ```json
/// {
///   "formatVersion" : 1, "song" : "band.mid", "sampleRate" : 48000, "seconds" : 7.2,
///   "peakDBFS" : -3.1, "clippedSamples" : 0,
///   "channels" : [ { "channel" : 10, "peakDBFS" : -6.4, "stem" : "10-Standard.wav",
///     "parts" : [ { "bank" : 0, "bankLSB" : 0, "program" : 0, "drums" : true, "notes" : 174,
///       "instrument" : "/banks/GM/128/000_Standard.sfz", "name" : "Standard", "source" : "bank",
///       "unplayedNotes" : 2, "unplayedKeys" : [ 27, 87 ] } ] } ],
///   "returns" : [ "FX-Reverb.wav", "FX-Chorus.wav" ],
///   "instruments" : [ { "file" : "/banks/GM/128/000_Standard.sfz", "regions" : 61,
///     "samples" : 61, "peakVoices" : 14 } ],
///   "warnings" : [ ]
/// }
/// ```
/// `returns` names the effects' return files written beside the stems (none without `--stems`
/// or with `--no-effects`): with the stems they add up to the mix.
/// Channels count from 1 as musicians do; a channel with no notes is left out; `peakDBFS` is
/// null for silence; `source` is `bank`, `melodicFallback`, `drumKitFallback`, `singleFile`,
/// `channelAssignment`, `programAssignment` or `none` (nothing played the part).
struct SongReport: Encodable {
  struct Part: Encodable {
    var bank, bankLSB, program: Int
    var drums: Bool
    var notes: Int
    var instrument: String?
    var name: String?
    var source: String
    var unplayedNotes: Int
    var unplayedKeys: [Int]
  }

  struct Channel: Encodable {
    var channel: Int
    var peakDBFS: Double?
    var stem: String?
    var parts: [Part]
  }

  struct Instrument: Encodable {
    var file: String
    var regions, samples, peakVoices: Int
  }

  /// `--normalize`: the target as given, what was measured (null for silence), the gain in dB.
  struct Normalized: Encodable {
    var target: String
    var measured: Double?
    var gainDB: Double
  }

  var formatVersion = 1
  var song: String
  var normalization: Normalized?
  var sampleRate: Int
  var seconds: Double
  var peakDBFS: Double?
  var clippedSamples: Int
  var channels: [Channel]
  var returns: [String]
  var instruments: [Instrument]
  var warnings: [String]

  init(
    song: String, sampleRate: Int, render: SongRender, parts: SongParts, ensemble: Ensemble,
    stems: [Int: String], returns: [String], warnings: [String], normalize: Normalization?
  ) {
    self.returns = returns
    self.song = song
    if let normalize, let applied = render.normalization {
      normalization = Normalized(
        target: normalize.description, measured: applied.measured,
        gainDB: (applied.gainDecibels * 100).rounded() / 100)
    }
    self.sampleRate = sampleRate
    let result = render.summary.result
    seconds = Double(result.frames) / Double(sampleRate)
    peakDBFS = Self.decibels(result.peak)
    clippedSamples = render.summary.clippedSamples
    channels = (0..<16).compactMap { (channel: Int) -> Channel? in
      let played = parts.parts.filter { $0.use.channel == channel }
      guard !played.isEmpty else { return nil }
      return Channel(
        channel: channel + 1, peakDBFS: Self.decibels(render.channelPeaks[channel]),
        stem: stems[channel],
        parts: played.map { part in
          // a part nothing plays has all its notes unplayed
          let unplayed: (count: Int, keys: [Int]) =
            part.instrument?.sampler.unplayedNotes(channel: channel) ?? (part.use.notes, [])
          return Part(
            bank: part.use.bank, bankLSB: part.use.bankLSB, program: part.use.program,
            drums: part.use.drums, notes: part.use.notes,
            instrument: part.instrument?.url.path, name: part.choice?.name,
            source: part.instrument == nil ? "none" : Self.name(of: part.choice?.source),
            unplayedNotes: unplayed.count, unplayedKeys: unplayed.keys)
        })
    }
    instruments = ensemble.instruments.map {
      Instrument(
        file: $0.url.path, regions: $0.report.regionCount, samples: $0.report.sampleCount,
        peakVoices: $0.sampler.peakVoices)
    }
    self.warnings = warnings
  }

  /// Writes the report as JSON under a temporary name next to `file`, to be moved into place
  /// with the render's other files.
  func write(to file: GivenPath, removesOnSignal: Bool) throws(SFZPlayError) -> TemporaryOutput {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let temporary = try TemporaryOutput(finalPath: file, removesOnSignal: removesOnSignal)
    do {
      try encoder.encode(self).write(to: URL(fileURLWithPath: temporary.temporaryPath))
    } catch {
      temporary.discard()
      throw .outputUnwritable(path: file.text, reason: error.localizedDescription)
    }
    return temporary
  }

  /// Warnings for notes a part's instrument had no region for, naming channel, program, bank
  /// and keys; none when every note found one.
  static func unplayedWarnings(parts: SongParts, song: String) -> [String] {
    var warned = Set<String>()
    return parts.parts.compactMap { part in
      guard let instrument = part.instrument,
        warned.insert("\(part.use.channel) \(instrument.url.path)").inserted
      else { return nil }
      let unplayed = instrument.sampler.unplayedNotes(channel: part.use.channel)
      guard unplayed.count > 0 else { return nil }
      let keys = unplayed.keys.map(String.init).joined(separator: ", ")
      return "sfzplay: warning: \(song): channel \(part.use.channel + 1)"
        + "\(part.use.drums ? " (drums)" : "") bank \(part.use.bank)/\(part.use.bankLSB) program "
        + "\(part.use.program) (\(instrument.url.lastPathComponent)): \(unplayed.count) note"
        + "\(unplayed.count == 1 ? "" : "s") found no region (keys \(keys))"
    }
  }

  private static func decibels(_ peak: Float) -> Double? {
    peak > 0 ? (20 * log10(Double(peak)) * 100).rounded() / 100 : nil
  }

  private static func name(of source: BankInstrument.Source?) -> String {
    switch source {
    case .bank?: "bank"
    case .melodicFallback?: "melodicFallback"
    case .drumKitFallback?: "drumKitFallback"
    case .singleFile?: "singleFile"
    case .channelAssignment?: "channelAssignment"
    case .programAssignment?: "programAssignment"
    case nil: "none"
    }
  }
}
