import Foundation
import MIDIFile
import SFZSampler

/// Why sfzplay stopped. Every description is one line that starts with the file it is about.
public enum SFZPlayError: Error, CustomStringConvertible {
  /// An input file (instrument or song) does not exist.
  case missingInput(path: String, role: String)
  /// The folder the output goes into does not exist.
  case missingOutputFolder(path: String, folder: String)
  /// The output is one of the files the render reads (the song, the instrument, a file it
  /// includes or a sample).
  case outputIsInput(path: String, input: String)
  /// The output (or its temporary file) could not be created or written.
  case outputUnwritable(path: String, reason: String)
  /// The output name or format is not one sfzplay writes (the message names the file).
  case unsupportedOutput(String)
  /// The MIDI file could not be read.
  case song(MIDIFileError)
  /// The `--threads` render threads could not start.
  case renderThreads(OfflineRendererError)
  /// The instrument could not be loaded.
  case instrument(SamplerError)
  /// The `--tuning` scale or `--kbm` keyboard mapping was refused (the message names its line).
  case tuning(TuningFileError)
  /// The instrument has errors (malformed headers or directives); `first` names file and line.
  case instrumentErrors(first: String, more: Int)
  /// The instrument loaded, but none of its regions can play.
  case noPlayableRegions(path: String)
  /// `--strict` was given and loading produced warnings.
  case strictWarnings(first: String, more: Int)
  /// The song's last event (plus the tail) lies beyond the longest render sfzplay allows.
  case songTooLong(path: String, seconds: Double, limit: Double)
  /// A WAV file this long would pass the format's 4 GB limit.
  case outputTooLarge(path: String, gigabytes: Double)
  /// No bundled demo was found in any of the places searched.
  case demoNotFound(searched: [String])
  /// The bank, setup file or an assignment could not be read.
  case bank(BankError)
  /// An option for one instrument (`--mpe`, `--preset`...) with a bank or song options.
  case singleInstrumentOption(String)
  /// An option that names a channel or program was malformed (`--channel 10=kit.sfz`).
  case badAssignment(option: String, value: String, reason: String)
  /// `--preset` names no preset of the instrument's, the library's or the user's.
  case presetNotFound(query: String, instrument: String, available: [String])
  /// A `--state` file, a user preset or the `--save-state` file could not be read or written
  /// (the message names the file).
  case state(StateError)
  /// The `--state` file was saved with an instrument file whose bytes differ from the one
  /// loaded (an error with `--strict`, else a warning).
  case stateInstrumentMismatch(
    state: String, saved: InstrumentReference, instrument: String, loaded: InstrumentReference)
  /// A batch manifest has bad lines (each problem names its line) or no renders.
  case badManifest(path: String, problems: [String])
  /// The batch's part (`--shard`, or a scheduler's array variables) makes no sense.
  case badShard(String)

  /// The reason, starting with the file it is about.
  public var description: String {
    switch self {
    case .missingInput(let path, let role):
      return "\(path): no such \(role) file"
    case .missingOutputFolder(let path, let folder):
      return "\(path): the output folder \(folder) does not exist"
    case .outputIsInput(let path, let input):
      return "\(path): the output would replace \(input), which this render reads;"
        + " choose another output name"
    case .outputUnwritable(let path, let reason):
      return "\(path): cannot write the output (\(reason))"
    case .unsupportedOutput(let message):
      return message
    case .song(let error):
      return error.description
    case .renderThreads(let error):
      return "--threads: \(error.description)"
    case .instrument(let error):
      return error.description
    case .tuning(let error):
      return error.description
    case .instrumentErrors(let first, let more):
      return first + Self.andMore(more, "error")
    case .noPlayableRegions(let path):
      return "\(path): no region of the instrument can play (no sample loaded)"
    case .strictWarnings(let first, let more):
      return first + Self.andMore(more, "warning") + "; --strict treats warnings as errors"
    case .songTooLong(let path, let seconds, let limit):
      return "\(path): the song would last \(String(format: "%.1f", seconds / 3_600)) hours;"
        + " sfzplay renders at most \(Int(limit / 3_600)) hours"
    case .outputTooLarge(let path, let gigabytes):
      return "\(path): about \(String(format: "%.1f", gigabytes)) GB, more than a WAV file"
        + " can hold (4 GB); write .flac or lower --sample-rate or --bit-depth"
    case .bank(let error):
      return error.description
    case .singleInstrumentOption(let option):
      return "\(option) applies to one instrument; a bank (a folder or .bank.xml), --channel, "
        + "--program, --setup, --stems and --report play a song through several"
    case .badAssignment(let option, let value, let reason):
      return "\(option) \(value): \(reason)"
    case .demoNotFound(let searched):
      return "instruments/demo.sfz: bundled demo not found (looked in "
        + searched.joined(separator: ", ") + "; set SFZPLAY_INSTRUMENTS)"
    case .presetNotFound(let query, let instrument, let available):
      return "\(instrument): no preset \"\(query)\"; the presets are "
        + available.joined(separator: ", ")
    case .state(let error):
      return error.description
    case .badShard(let reason):
      return "shard: \(reason)"
    case .badManifest(let path, let problems):
      let shown = problems.prefix(10).map { "\n  \(path): \($0)" }.joined()
      return "\(path): the manifest has \(problems.count) problem\(problems.count == 1 ? "" : "s"),"
        + " nothing was rendered:" + shown + (problems.count > 10 ? "\n  ..." : "")
    case .stateInstrumentMismatch(let state, let saved, let instrument, let loaded):
      return "\(state): saved with \(saved.path) (\(saved.contentHash)), but \(instrument) is"
        + " another file (\(loaded.contentHash)); the parameters may not suit it"
    }
  }
}

extension SFZPlayError {
  /// " (and 3 more warnings)", or nothing when there are no more.
  fileprivate static func andMore(_ count: Int, _ noun: String) -> String {
    count == 0 ? "" : " (and \(count) more \(noun)\(count == 1 ? "" : "s"))"
  }
}

extension SFZPlayError {
  /// The line sfzplay prints on standard error before it exits with a failure.
  public var errorLine: String { "sfzplay: error: \(description)" }
}
