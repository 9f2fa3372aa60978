import AudioTestSupport
import CLilv
import CSndfile
import Foundation
import Testing

/// The plugin as a live instrument: jalv runs it as a JACK client on a server the test starts
/// with the dummy backend, jack_midiseq plays it notes, jack_rec records what it plays.
@Suite(.enabled(if: PluginBundle.isAvailable, "the LV2 bundle could not be built or found"))
struct JalvTests {
  static let tools = ["jackd", "jalv", "jack_midiseq", "jack_rec", "jack_connect", "jack_lsp"]

  static func path(of tool: String) -> String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    {
      let candidate = "\(folder)/\(tool)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  @Test func jalvPlaysMIDIFromAnotherJACKClient() throws {
    if let sanitizer = ProcessInfo.processInfo.environment["SFZSAMPLER_SANITIZER"] {
      // jalv cannot load a library built with a sanitizer runtime it does not have
      print("JalvTests: skipped under the \(sanitizer) sanitizer")
      return
    }
    let missing = Self.tools.filter { Self.path(of: $0) == nil }
    guard missing.isEmpty else {
      print(
        "JalvTests: skipped, missing \(missing.joined(separator: ", ")) (scripts/install-deps.sh installs jalv and jackd2)"
      )
      return
    }
    let instrument = try SineInstrument(release: 0.01)
    defer { instrument.remove() }
    let server = "sfzlv2test\(getpid())"
    var environment = ProcessInfo.processInfo.environment
    environment["JACK_DEFAULT_SERVER"] = server
    environment["JACK_NO_AUDIO_RESERVATION"] = "1"
    environment["LV2_PATH"] = PluginBundle.searchPath
    let children = Children(environment: environment)
    defer { children.stopAll() }

    // jalv reads the instrument from a saved state, as it would from a session; the state is
    // saved beside the instrument (lilv_state_save replaces a file outside the state's folder by
    // a link to itself, which deletes it)
    let stateFolder = instrument.folder
    try saveState(loading: instrument.sfz.path, into: stateFolder)

    let jackd = children.start(
      Self.path(of: "jackd")!, ["-r", "-n", server, "-d", "dummy", "-r", "48000", "-p", "256"])
    // The waits below bound how long a process may take to come up, which a busy machine can
    // stretch by seconds; they are a minute so that only a process that never comes up ends
    // them (jackd failing to start is a skip, and must not be one on a slow start). One that
    // exits ends its wait at once.
    let jackLsp = Self.path(of: "jack_lsp")!
    guard
      children.waitFor(
        seconds: 60, { !children.isRunning(jackd) || children.run(jackLsp, []) != nil }),
      children.isRunning(jackd)
    else {
      print(
        "JalvTests: skipped, jackd did not start with the dummy backend: \(children.output(of: 0))")
      return
    }
    let jalv = children.start(
      Self.path(of: "jalv")!, ["-x", "-n", "sfz", "-l", stateFolder.path], keepInputOpen: true)
    let ports = { children.run(Self.path(of: "jack_lsp")!, []) ?? "" }
    try #require(
      children.waitFor(seconds: 60) {
        !children.isRunning(jalv)
          || ports().contains("sfz:out_left") && ports().contains("sfz:control")
      } && children.isRunning(jalv),
      "jalv did not come up: \(children.output(of: jalv))")
    // key 69 for 12,000 frames of every 24,000
    children.start(Self.path(of: "jack_midiseq")!, ["seq", "24000", "0", "69", "12000"])
    try #require(children.waitFor(seconds: 60) { ports().contains("seq:out") })
    #expect(children.run(Self.path(of: "jack_connect")!, ["seq:out", "sfz:control"]) != nil)
    let recording = instrument.folder.appendingPathComponent("jalv.wav")
    let recorder = children.start(
      Self.path(of: "jack_rec")!,
      [
        "-f", recording.path, "-d", "3", "-b", "32", "-B", "262144", "sfz:out_left",
      ])
    // 3 s of JACK time, which the dummy backend keeps in step with the clock
    #expect(children.waitForExit(recorder, seconds: 60))
    let audio = try #require(Self.read(recording))
    // Four processes run in real time here, and on a loaded machine any client can miss a cycle
    // of the server's: jack_rec (its 256 frames are gone from the recording, seen in CI as
    // spacings of 23,744 and 23,232), jack_midiseq (its notes come a period later) or jalv (the
    // MIDI events of that cycle never reach the plugin). So nothing below depends on how many
    // cycles were lost: each check is one that no number of lost cycles can make fail.
    let notes = Self.notes(audio)
    let onsets = notes.map(\.lowerBound)
    // Timing: jack_midiseq sends a note-on every 24,000 frames of JACK time, and each lost or
    // late cycle moves a recorded onset by exactly one 256-frame period, so the recorded spacing
    // is 24,000 k + 256 m (k the notes from one onset to the next, more than 1 when jalv lost a
    // note-on; m any whole number). A plugin that moved events to block starts would make every
    // spacing a multiple of 256, and 24,000 k is not one unless k is a multiple of 4 (24,000 is
    // 93 periods and 192 frames), so the remainder modulo the period catches it however many
    // periods were lost. Only the remainder is checked: the number of periods lost is the
    // machine's, not the plugin's. The plugin's own frame accuracy is measured through lilv
    // (PluginRenderTests), with no clock.
    let spacings = zip(onsets.dropFirst(), onsets).map { $0 - $1 }
    let telling = spacings.filter { ($0 + 12_000) / 24_000 % 4 != 0 }
    #expect(!telling.isEmpty, "no spacing that tells sample-accurate events apart: \(onsets)")
    for spacing in telling {
      let k = (spacing + 12_000) / 24_000
      #expect(
        (spacing - 24_000 * k) % 256 == 0,
        "spacing \(spacing) is not \(k) x 24,000 frames plus whole 256-frame periods: onsets \(onsets)"
      )
    }
    // Pitch and level, note by note, hold whatever the timing. A cycle jack_rec lost splices two
    // points of the sine together, so the one period of the waveform that contains the splice
    // has a wrong length (anywhere from 0 to 2 periods); counting crossings over a window would
    // let that one period move the note by up to 20 cents. The pitch is instead the median of
    // the note's period lengths, each between two upward zero crossings located by linear
    // interpolation: the 440 Hz period is 109.09 frames, measured to about 0.02 cents each
    // (16-bit sine), and a few spliced periods out of the ~100 of a note cannot move the median.
    // An amplitude envelope moves no zero crossing, so attack and release do not bend it.
    // The level is each note's peak: a splice joins two samples of the same sine, so it makes
    // no sample larger than the sine's peak.
    // jack_midiseq plays velocity 64; channel volume starts at 100: both squared, on a sine of 0.5
    let expected = 0.5 * pow(64.0 / 127, 2) * pow(100.0 / 127, 2)
    var report: [String] = []
    for note in notes {
      let periods = Measure.centsByPeriod(Array(audio[note]), sampleRate: 48_000, base: 440)
      #expect(periods.count >= 20, "note at \(note.lowerBound) has \(periods.count) periods")
      guard periods.count >= 20 else { continue }
      let cents = periods.map(\.cents).sorted()[periods.count / 2]
      let level = Measure.dB(Double(Measure.peak(audio[note])) / expected)
      #expect(abs(cents) < 0.5, "note at \(note.lowerBound): \(cents) cents from 440 Hz")
      #expect(abs(level) < 0.1, "note at \(note.lowerBound): peak \(level) dB from \(expected)")
      report.append(String(format: "%d: %+.3f cents, %+.3f dB", note.lowerBound, cents, level))
    }
    print(
      "JalvTests: jalv under jackd (dummy backend, 48 kHz, 256-frame blocks) played key 69 from "
        + "jack_midiseq; notes \(report.joined(separator: "; ")); spacings \(spacings)")
  }

  /// The frames of each note for measuring it: from where sound starts after at least 1,000
  /// frames of silence (sound at the start of the recording may be a note's middle) to where
  /// silence starts again, at most 11,000 frames. The cap keeps a note whose note-off jalv lost
  /// (it sounds on, and the next note starts over it without a silence between) to the frames
  /// where it sounds alone: the next note starts 24,000 frames after it, less what the recorder
  /// lost, so the cap leaves 13,000 frames (51 periods) for lost cycles.
  static func notes(_ audio: [Float]) -> [Range<Int>] {
    var notes: [Range<Int>] = []
    var start: Int?
    var silent = 0
    var lastSound = 0
    for (frame, value) in audio.enumerated() {
      if value == 0 {
        silent += 1
        if silent == 1_000, let first = start {
          notes.append(first..<min(lastSound + 1, first + 11_000))
          start = nil
        }
      } else {
        if silent >= 1_000 { start = frame }
        silent = 0
        lastSound = frame
      }
    }
    if let first = start { notes.append(first..<min(audio.count, first + 11_000)) }
    return notes
  }

  /// Saves a state with the instrument loaded through patch:Set, where jalv -l reads it.
  private func saveState(loading path: String, into folder: URL) throws {
    let lv2 = try LV2World()
    let plugin = try PluginInstance(lv2, sampleRate: 48_000, maximumBlock: 256)
    plugin.loadInstrument(path)
    let state = try plugin.currentState(in: folder)
    defer { lilv_state_free(state) }
    lilv_state_set_label(state, "test")
    let status = lilv_state_save(
      lv2.world, lv2.urids.map, lv2.urids.unmap, state, nil, folder.path, "state.ttl")
    #expect(status == 0)
  }

  static func read(_ url: URL) -> [Float]? {
    var info = SF_INFO()
    guard let file = sf_open(url.path, Int32(SFM_READ), &info) else { return nil }
    defer { sf_close(file) }
    var frames = [Float](repeating: 0, count: Int(info.frames) * Int(info.channels))
    _ = sf_readf_float(file, &frames, info.frames)
    return stride(from: 0, to: frames.count, by: Int(info.channels)).map { frames[$0] }
  }
}

/// The processes a test starts, stopped (by their ids) when it ends.
final class Children: @unchecked Sendable {
  private var processes: [(Process, Pipe, Pipe?)] = []
  let environment: [String: String]

  init(environment: [String: String]) { self.environment = environment }

  @discardableResult
  func start(_ executable: String, _ arguments: [String], keepInputOpen: Bool = false) -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    let input = keepInputOpen ? Pipe() : nil
    process.standardInput = input ?? FileHandle.nullDevice
    try? process.run()
    processes.append((process, output, input))
    return processes.count - 1
  }

  /// Runs a short command to its end; its output, or nil when it failed.
  func run(_ executable: String, _ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
  }

  func waitFor(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      usleep(100_000)
    }
    return false
  }

  func waitForExit(_ index: Int, seconds: Double) -> Bool {
    waitFor(seconds: seconds) { !isRunning(index) }
  }

  func isRunning(_ index: Int) -> Bool { processes[index].0.isRunning }

  /// What a process printed so far, once it has stopped.
  func output(of index: Int) -> String {
    if processes[index].0.isRunning { return "(still running)" }
    return String(
      decoding: processes[index].1.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  /// Stops every process still running, the last started first: SIGTERM, then SIGKILL if it
  /// has not gone within 3 seconds (a JACK client can hang closing when its server is gone).
  func stopAll() {
    for (process, _, input) in processes.reversed() where process.isRunning {
      try? input?.fileHandleForWriting.close()
      process.terminate()
      if !waitFor(seconds: 3, { !process.isRunning }) {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
      }
    }
  }
}
