import ArgumentParser
import Foundation
import SFZSampler

extension InterpolationQuality: ExpressibleByArgument {}

/// The `sfzplay` command: renders a MIDI file through an SFZ instrument into a WAV or FLAC file.
public struct SFZPlay: ParsableCommand {
  /// The command's name, abstract and help text.
  public static let configuration = CommandConfiguration(
    commandName: "sfzplay",
    abstract: "Render a MIDI file through an SFZ instrument or bank into a WAV or FLAC file.",
    discussion: """
      Every note, controller and pitch bend of all 16 channels lands on its exact sample frame. \
      After the last event the output rings out until it stays below -90 dBFS for 100 ms, no \
      voice sounds, or --tail seconds have passed. The same inputs always give the same bytes. \
      The file is written under a temporary name and renamed at the end, so a failed or \
      interrupted render leaves any earlier file untouched. MIDI Tuning Standard SysEx in the \
      song (bulk dumps, single note changes) retune keys on their exact frames.

      Examples:
        Render song.mid to song.wav (24-bit, 48 kHz):
          sfzplay piano.sfz song.mid
        16-bit FLAC at 44.1 kHz:
          sfzplay piano.sfz song.mid -o take.flac --bit-depth 16 --sample-rate 44100
        Best interpolation, 6 dB quieter, 32-bit float:
          sfzplay strings.sfz song.mid --quality sinc --gain -6 --bit-depth 32f -o mix.wav
        A multi-gigabyte library, streamed from disk with 16,384 frames of each sample loaded:
          sfzplay grand.sfz song.mid --stream --preload 16384
        19-tone equal temperament from a Scala scale, its 1/1 on middle C at 261.63 Hz:
          sfzplay piano.sfz song.mid --tuning 19-edo.scl
        A just scale laid on the keys by a Scala keyboard mapping (unmapped keys stay silent):
          sfzplay piano.sfz song.mid --tuning just.scl --kbm a440.kbm
        An MPE performance recorded without its configuration message:
          sfzplay synth.sfz seaboard.mid --mpe
        The library's "Mono Lead" preset (or an instrument's own, from piano.presets.json):
          sfzplay piano.sfz song.mid --preset "Mono Lead"
        Save every parameter the song is rendered with, then render again with them:
          sfzplay piano.sfz song.mid --preset 2 --save-state take1.json
          sfzplay piano.sfz other.mid --state take1.json
        A song through a General MIDI bank, a stem per channel, and a report:
          sfzplay ~/sfzsampler-gm-bank band.mid --stems stems --report band.json
        The same with channel 10 on a kit of your own and program 33 on another bass:
          sfzplay ~/sfzsampler-gm-bank band.mid --channel 10=kit.sfz --program 33=bass.sfz
        List an instrument's regions, samples and problems:
          sfzplay --check piano.sfz
        Render the bundled demo to sfzplay-demo.wav:
          sfzplay
        Render a collection listed in a JSON Lines manifest (see sfzplay batch --help):
          sfzplay batch renders.jsonl
      """,
    subcommands: [SFZPlayBatch.self])

  @Argument(
    help: ArgumentHelp(
      "The SFZ instrument to play, or a bank: a folder (000/000_Name.sfz...) or a .bank.xml.",
      valueName: "instrument"))
  var instrument: String?

  @Argument(help: "The Standard MIDI File (format 0, 1 or 2) to render.")
  var song: String?

  @Option(
    name: [.customShort("o"), .long],
    help: ArgumentHelp(
      "The output file; .flac writes FLAC, .wav WAV.",
      discussion: "Default: the MIDI file's name with .wav, in the current folder.",
      valueName: "file"))
  var output: String?

  @Option(help: ArgumentHelp("Output sample rate in Hz (8000...384000).", valueName: "hz"))
  var sampleRate = 48_000

  @Option(
    help: ArgumentHelp(
      "Frames rendered per engine call (1...4096); it changes speed, never event timing.",
      valueName: "frames"))
  var blockSize = 256

  @Option(
    help: ArgumentHelp(
      "Voices that may sound at once (1...4096); more notes steal the oldest ones.",
      valueName: "voices"))
  var polyphony = 256

  @Option(
    help: ArgumentHelp(
      "Interpolation for pitched playback: linear, hermite or sinc.",
      discussion: """
        hermite (the default) is transparent for most material; sinc (16 points) is cleaner on \
        large pitch shifts and costs more time.
        """))
  var quality: InterpolationQuality = .hermite

  @Option(
    help: ArgumentHelp(
      "Sample format: 16 (with TPDF dither), 24 or 32f (float; WAV only).", valueName: "bits"))
  var bitDepth: BitDepth = .int24

  @Option(
    help: ArgumentHelp(
      "Longest ring-out after the last event, in seconds (0...600).", valueName: "seconds"))
  var tail = 10.0

  // Unconditional, so a negative value ("--gain -6") is not read as an option name.
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Output gain in dB (-96...+24).", valueName: "db"))
  var gain = 0.0

  @Option(
    help: ArgumentHelp(
      "Render threads (1...4 x cores); default: one per core.",
      discussion: """
        The voices are shared out among the threads and mixed in a fixed order, so the output \
        is the same bytes for any count; the summary says how much faster than one thread the \
        render ran.
        """,
      valueName: "count"))
  var threads: Int?

  @Flag(
    inversion: .prefixedNo,
    help: ArgumentHelp(
      "Stream samples from disk (--stream), or hold them whole in memory (--no-stream).",
      discussion: """
        By default only instruments whose sample files are larger than --memory-budget stream. \
        Streamed or not, the output is the same: sfzplay waits for the disk.
        """))
  var stream: Bool?

  @Option(
    help: ArgumentHelp(
      "Frames of each streamed sample kept in memory (1024...1048576).", valueName: "frames"))
  var preload = 16_384

  @Option(
    help: ArgumentHelp(
      "Size in MB of sample files above which an instrument streams (16...1048576).",
      valueName: "mb"))
  var memoryBudget = 128

  @Option(
    help: ArgumentHelp(
      "Tune the keys to a Scala scale (.scl) instead of 12-tone equal temperament.",
      discussion: """
        Without --kbm the scale's 1/1 is on middle C (key 60) at its 12-TET pitch, one degree \
        per key, as Scala does by default.
        """,
      valueName: "file.scl"))
  var tuning: String?

  @Option(
    help: ArgumentHelp(
      "Lay the --tuning scale on the keys with a Scala keyboard mapping (.kbm).",
      discussion: """
        It gives the reference key and frequency, the key of the 1/1, and which scale degree \
        each key plays; keys it marks x play nothing.
        """,
      valueName: "file.kbm"))
  var kbm: String?

  @Flag(
    help: ArgumentHelp(
      "Play the song as MPE from the start: a lower zone, member channels 2...16.",
      discussion: """
        Without it a song plays as MPE from its first MPE Configuration Message (RPN 6 on \
        channel 1 or 16), in the zones that sets up; otherwise as plain MIDI. In MPE each note \
        has its member channel's pitch bend (48 semitones unless RPN 0 says otherwise), pressure \
        (read by _chanaft and _polyaft opcodes) and CC74 (its filters' cutoff, 2400 cents at \
        127) to itself, and channel 1's messages apply to every note; the instrument's bend_up \
        and bend_down apply outside the zones.
        """))
  var mpe = false

  // Unconditional, so a user preset's negative number ("--preset -1") is not an option name.
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Choose a preset by number or name before the song plays.",
      discussion: """
        The library's presets are 0 Default (every parameter at its default), 1 Mono Lead, \
        2 Soft Pad and 3 Pluck; an instrument's own, numbered from 100, come from \
        NAME.presets.json next to NAME.sfz; user presets (negative numbers) from \
        --user-presets. A preset sets every parameter: those it names to its values, the \
        others to their defaults. An unknown preset is an error that lists them all.
        """,
      valueName: "name|number"))
  var preset: String?

  @Option(
    help: ArgumentHelp(
      "The folder of user presets (user-preset-1.json holds preset -1).",
      discussion: "Default: $XDG_CONFIG_HOME/sfzplay/presets, or ~/.config/sfzplay/presets.",
      valueName: "folder"))
  var userPresets: String?

  @Option(
    help: ArgumentHelp(
      "Restore every parameter and the current preset from a state saved with --save-state.",
      discussion: """
        The state names the instrument it was saved with and a hash of its bytes: when the \
        instrument given differs, sfzplay warns (with --strict it stops). --gain multiplies \
        the state's (or a preset's) master volume.
        """,
      valueName: "file.json"))
  var state: String?

  @Option(
    help: ArgumentHelp(
      "Save the state the song is rendered with: instrument, every parameter, preset.",
      discussion: """
        Written as JSON once the render succeeds, under a temporary name first, so an \
        earlier file is replaced whole or not at all; never over the song, the instrument, \
        its samples or any other input. --state with it renders the same bytes again.
        """,
      valueName: "file.json"))
  var saveState: String?

  @Option(
    name: .customLong("channel"),
    help: ArgumentHelp(
      "Play a channel (1-16) with an SFZ file whatever its program: 10=kit.sfz.",
      discussion: "Repeat for more channels. It makes INSTRUMENT a bank (see --stems).",
      valueName: "n=file"))
  var channelFiles: [String] = []

  @Option(
    name: .customLong("program"),
    help: ArgumentHelp(
      "Play a program (0-127) with an SFZ file on melodic channels: 33=bass.sfz.",
      discussion: "Repeat for more programs; channel 10's program chooses a drum kit instead.",
      valueName: "p=file"))
  var programFiles: [String] = []

  @Option(
    help: ArgumentHelp(
      "A song's setup (JSON): channel and program files, and a gain and pan per channel.",
      discussion: """
        {"channels": {"10": {"instrument": "kit.sfz", "gain": -3, "pan": 0.2}},         "programs": {"33": "bass.sfz"}}: channels 1-16, gain in dB, pan -1...1, paths         relative to the file. --channel and --program given too win over it.
        """,
      valueName: "file.json"))
  var setup: String?

  @Option(
    help: ArgumentHelp(
      "Also write each channel that plays to its own file in this folder (made if missing).",
      discussion: """
        Named by channel and program, 01-Piano.wav ... 10-Standard.wav, in the output's format;         they add up to the mix.
        """,
      valueName: "folder"))
  var stems: String?

  @Option(
    help: ArgumentHelp(
      "Write what the song played as JSON: per channel its programs, instruments, notes, notes no region played and peak.",
      valueName: "file.json"))
  var report: String?

  // Unconditional, so a negative target ("--normalize -14LUFS") is not read as an option name.
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Bring the mix (and its stems) to a peak or loudness: -1dBTP, -1dBFS or -14LUFS.",
      discussion: """
        dBTP is the true peak (between samples too, 4x oversampled), dBFS the sample peak, LUFS \
        the integrated loudness of ITU-R BS.1770 (EBU R128). The song is rendered once, \
        measured, and written with one gain for the mix and every stem, so they still add up; \
        the summary says what was measured and the gain. It plays the song as through a bank.
        """,
      valueName: "target"))
  var normalize: Normalization?

  @Flag(
    help: ArgumentHelp(
      "Render dry: no reverb, no chorus, no effect sends.",
      discussion: """
        By default the regions' effect1 (reverb) and effect2 (chorus) sends play through the \
        library's reverb and chorus, and through a bank each channel's CC91 and CC93 add the \
        General MIDI sends (40 and 0 until the song sets them, each adding up to 20% at 127 \
        as in SoundFont players). With --no-effects the mix is \
        the dry mix alone, bit for bit; --stems are always dry, with the returns in files of \
        their own.
        """))
  var noEffects = false

  @Option(
    help: ArgumentHelp(
      "The reverb's return level, a linear gain (0...4; 2 unless a preset says otherwise).",
      valueName: "level"))
  var reverb: Float?

  @Option(
    help: ArgumentHelp(
      "The reverb's decay time (RT60) in seconds (0.1...20; default 2).", valueName: "seconds"))
  var reverbDecay: Float?

  @Option(
    help: ArgumentHelp(
      "The chorus's return level, a linear gain (0...4; 2 unless a preset says otherwise).",
      valueName: "level"))
  var chorus: Float?

  @Flag(help: "Treat warnings (unknown opcodes, missing samples, MIDI faults) as errors.")
  var strict = false

  @Flag(help: "Print no progress bar and no summary; warnings and errors still go to stderr.")
  var quiet = false

  @Option(
    help: ArgumentHelp(
      "Load an instrument, print a summary and every diagnostic, and exit.",
      valueName: "instrument.sfz"))
  var check: String?

  /// Creates the command with every option at its default (ArgumentParser fills them in).
  public init() {}

  /// Checks the options' ranges and combinations before anything is read or written.
  public func validate() throws {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    try Self.require(8_000...384_000, sampleRate, "--sample-rate")
    try Self.require(1...4_096, blockSize, "--block-size")
    try Self.require(1...4_096, polyphony, "--polyphony")
    if let threads {
      try Self.require(1...min(cores * 4, OfflineRenderer.maximumThreads), threads, "--threads")
    }
    try Self.require(1_024...1_048_576, preload, "--preload")
    try Self.require(16...1_048_576, memoryBudget, "--memory-budget")
    for (value, range, name) in [
      (reverb, Float(0)...4, "--reverb"), (reverbDecay, 0.1...20, "--reverb-decay"),
      (chorus, 0...4, "--chorus"),
    ] {
      if let value, !range.contains(value) {
        throw ValidationError(
          "\(name) must be \(range.lowerBound)...\(range.upperBound), not \(value)")
      }
    }
    guard (0...600).contains(tail) else {
      throw ValidationError("--tail must be 0...600 seconds, not \(tail)")
    }
    guard (-96...24).contains(gain) else {
      throw ValidationError("--gain must be -96...+24 dB, not \(gain)")
    }
    if check != nil {
      guard instrument == nil else {
        throw ValidationError("--check takes one instrument and no MIDI file")
      }
      return
    }
    if instrument != nil && song == nil {
      throw ValidationError("missing the MIDI file after the instrument")
    }
    if kbm != nil && tuning == nil {
      throw ValidationError("--kbm lays a scale on the keys: give the scale with --tuning too")
    }
    if state != nil && preset != nil {
      throw ValidationError(
        "--state holds every parameter and the current preset: give --state or --preset")
    }
    if let saveState, [outputPath, state].contains(saveState) {
      throw ValidationError(
        "--save-state \(saveState) would replace a file this render writes or reads")
    }
    if case .failure(let problem) = OutputFormat.make(path: outputPath, depth: bitDepth) {
      throw ValidationError(problem.description)
    }
  }

  /// The options that apply to one instrument only, with whether each was given.
  private var singleInstrumentOptions: [(String, Bool)] {
    [
      ("--tuning", tuning != nil), ("--mpe", mpe), ("--preset", preset != nil),
      ("--state", state != nil), ("--save-state", saveState != nil),
    ]
  }

  /// Whether the options make the song play through a bank rather than one sampler: they
  /// assign instruments or ask for stems or a report.
  private var bankOptionsGiven: Bool {
    !channelFiles.isEmpty || !programFiles.isEmpty || setup != nil || stems != nil
      || report != nil || normalize != nil
  }

  /// Whether `path` is a bank: a folder (an SF2 converter's layout) or an ARIA bank file.
  private static func isBank(_ path: GivenPath) -> Bool {
    var isFolder: ObjCBool = false
    return path.text.lowercased().hasSuffix(".xml")
      || FileManager.default.fileExists(atPath: path.path, isDirectory: &isFolder)
        && isFolder.boolValue
  }

  private static func require(
    _ range: ClosedRange<Int>, _ value: Int, _ name: String
  ) throws {
    guard range.contains(value) else {
      throw ValidationError(
        "\(name) must be \(range.lowerBound)...\(range.upperBound), not \(value)")
    }
  }

  /// --stream, --no-stream, --preload and --memory-budget as the sampler takes them.
  private var streamingSettings: StreamingSettings {
    let mode: StreamingSettings.Mode =
      switch stream {
      case nil: .automatic
      case true?: .always
      case false?: .never
      }
    return StreamingSettings(mode: mode, preloadFrames: preload, memoryBudget: memoryBudget << 20)
  }

  /// The output path: as given, or derived from the song (or the demo's fixed name).
  private var outputPath: String {
    if let output { return output }
    guard let song else { return "sfzplay-demo.wav" }
    return URL(fileURLWithPath: song).deletingPathExtension().lastPathComponent + ".wav"
  }

  /// Renders, checks an instrument, or renders the demo; failures print one line and exit 1.
  public func run() throws {
    let context = RunContext.process
    let outcome: SFZPlayOutcome
    do {
      outcome = try execute(in: context)
    } catch {
      context.printError(error.errorLine)
      throw ExitCode.failure
    }
    if !outcome.succeeded { throw ExitCode.failure }
  }

  /// Does what the tool does with these options, in `context`: prints the same lines there and
  /// returns what it did. Call it on a command from `SFZPlay.parse(_:)`, which validates.
  public func execute(in context: RunContext) throws(SFZPlayError) -> SFZPlayOutcome {
    if let check {
      let instrumentCheck = InstrumentCheck(path: context.resolve(check), isStrict: strict)
      return .checked(passed: try instrumentCheck.run(printing: context.printOutput))
    }
    return .rendered(try render(in: context))
  }

  private func render(in context: RunContext) throws(SFZPlayError) -> RenderSummary {
    var instrumentPath = instrument ?? ""
    var songPath = song ?? ""
    var destination = outputPath
    if instrument == nil {
      let demo = try DemoLocator.find(
        environment: context.environment, currentFolder: context.currentFolder)
      instrumentPath = demo.instrument
      songPath = demo.song
      destination = context.resolve(outputPath).url.path
      if !quiet { context.printOutput("sfzplay: rendering the bundled demo \(demo.song)") }
    }
    let format: OutputFormat
    switch OutputFormat.make(path: destination, depth: bitDepth) {
    case .success(let chosen): format = chosen
    case .failure(let problem): throw .unsupportedOutput(problem.description)
    }
    if bankOptionsGiven || Self.isBank(context.resolve(instrumentPath)) {
      if let (option, _) = singleInstrumentOptions.first(where: { $0.1 }) {
        throw .singleInstrumentOption(option)
      }
      let summary = try songJob(
        bank: instrumentPath, song: songPath, destination: destination, format: format,
        in: context
      ).run(in: context)
      report(summary, in: context)
      return summary
    }
    let job = RenderJob(
      instrument: context.resolve(instrumentPath), song: context.resolve(songPath),
      output: context.resolve(destination), format: format,
      settings: renderSettings,
      polyphony: polyphony, threads: threads ?? ProcessInfo.processInfo.activeProcessorCount,
      quality: quality, streaming: streamingSettings,
      mpeZones: mpe ? .lowerZone : .none,
      gainDecibels: gain, isStrict: strict, isQuiet: quiet,
      scale: tuning.map(context.resolve), keyboardMapping: kbm.map(context.resolve),
      sound: SoundChoice(
        preset: preset,
        userPresets: UserPresetLocation.folder(
          option: userPresets.map(context.resolve), environment: context.environment),
        state: state.map(context.resolve), saveState: saveState.map(context.resolve)))
    let summary = try job.run(in: context)
    report(summary, in: context)
    return summary
  }

  /// The numbers every render of this command is set up with.
  private var renderSettings: RenderSettings {
    RenderSettings(
      sampleRate: sampleRate, blockSize: blockSize, tailSeconds: tail,
      effects: EffectSettings(
        isEnabled: !noEffects, reverbLevel: reverb, reverbDecay: reverbDecay,
        chorusLevel: chorus))
  }

  /// The summary line and the render's warnings.
  private func report(_ summary: RenderSummary, in context: RunContext) {
    if !quiet { context.printOutput("sfzplay: \(summary.line)") }
    let warnings = [summary.silencedWarning, summary.streamingWarning, summary.clippingWarning]
    for warning in warnings.compactMap({ $0 }) {
      if quiet {
        context.printError("sfzplay: \(warning)")
      } else {
        context.printOutput("sfzplay: \(warning)")
      }
    }
  }

  /// The render of a song through a bank, its assignments read from the options.
  private func songJob(
    bank: String, song: String, destination: String, format: OutputFormat,
    in context: RunContext
  ) throws(SFZPlayError) -> SongJob {
    func assignments(_ values: [String], option: String, range: ClosedRange<Int>, offset: Int)
      throws(SFZPlayError) -> [Int: GivenPath]
    {
      var result: [Int: GivenPath] = [:]
      for value in values {
        let fields = value.split(separator: "=", maxSplits: 1).map(String.init)
        guard fields.count == 2, let number = Int(fields[0]), range.contains(number),
          !fields[1].isEmpty
        else {
          throw .badAssignment(
            option: option, value: value,
            reason: "expected N=FILE with N in \(range.lowerBound)...\(range.upperBound)")
        }
        result[number - offset] = context.resolve(fields[1])
      }
      return result
    }
    return SongJob(
      bank: context.resolve(bank), song: context.resolve(song),
      output: context.resolve(destination), format: format,
      settings: renderSettings,
      polyphony: polyphony, threads: threads ?? ProcessInfo.processInfo.activeProcessorCount,
      quality: quality, streaming: streamingSettings,
      gainDecibels: gain, isStrict: strict, isQuiet: quiet,
      channelFiles: try assignments(channelFiles, option: "--channel", range: 1...16, offset: 1),
      programFiles: try assignments(programFiles, option: "--program", range: 0...127, offset: 0),
      setup: setup.map(context.resolve), stemsFolder: stems.map(context.resolve),
      reportFile: report.map(context.resolve), normalize: normalize)
  }
}
