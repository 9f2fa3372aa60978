import AudioTestSupport
import CLilv
import CSndfile
import Foundation
import Testing

/// The plugin as a live instrument: jalv runs it as a JACK client on a server the test starts
/// with the dummy backend, jack_midiseq plays it notes, jack_rec records what it plays.
@Suite(.enabled(if: PluginBundle.isAvailable, "the LV2 bundle could not be built or found"))
struct JalvTests {
  static let tools = [
    "jackd", "jalv", "jack_midiseq", "jack_rec", "jack_connect", "jack_lsp", "jack_freewheel",
  ]

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

    // -S, synchronous mode, for the freewheeling below: in jackd2's default asynchronous mode a
    // client that opens while the server freewheels never finishes a cycle for it (jackd2 1.9.21:
    // jack_rec started after `jack_freewheel yes` recorded one period, then the server timed out
    // on it every 10 s), and one that opened before and closes while freewheeling sets the
    // server looping on errors. In synchronous mode the same recording of 3 s took 0.2 s.
    let jackd = children.start(
      Self.path(of: "jackd")!,
      ["-r", "-S", "-n", server, "-d", "dummy", "-r", "48000", "-p", "256"])
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
    try #require(children.run(Self.path(of: "jack_connect")!, ["seq:out", "sfz:control"]) != nil)
    // The recording runs in freewheel mode: the server runs its cycles back to back instead of
    // one per 256 frames of the clock, and starts a cycle only when every client has finished
    // the last one, so a client that the scheduler runs late delays the cycles and loses no
    // frames (run by the clock on a loaded machine, the recording lost pieces of notes in
    // multiples of 64 frames: spacings of 23,936 and 22,656). It goes on once jalv and
    // jack_midiseq are connected and before jack_rec starts, so every frame jack_rec captures
    // comes from a freewheeling cycle. jack_freewheel exits 0 even when the server refuses; it
    // says so on its error output.
    let freewheel = Self.path(of: "jack_freewheel")!
    let freewheelOn = children.run(freewheel, ["yes"], withErrors: true) ?? "failed to run"
    try #require(!freewheelOn.contains("failed"), "jack_freewheel yes: \(freewheelOn)")
    let recording = instrument.folder.appendingPathComponent("jalv.wav")
    // -d 3: jack_rec's disk thread stops after 3 s at the server's rate, 144,000 frames, counted
    // as it writes them to the file, so the duration is JACK frames, not the clock, and it ends
    // however fast the freewheeling cycles come. -B is the ring buffer between the process
    // callback and the disk thread in frames: 262,144 frames hold the whole recording, so
    // however far the freewheeling callbacks run ahead of the disk thread, none of the 144,000
    // frames is dropped (a full ring drops only frames after them).
    let recorder = children.start(
      Self.path(of: "jack_rec")!,
      [
        "-f", recording.path, "-d", "3", "-b", "32", "-B", "262144", "sfz:out_left",
      ])
    // a bound on 563 freewheeling cycles of CPU work, which a busy machine can stretch by
    // seconds; only a recorder that never ends reaches it
    #expect(children.waitForExit(recorder, seconds: 60))
    // back to the clock, so the server stops taking a whole core until the test stops it
    _ = children.run(freewheel, ["no"])
    let audio = try #require(Self.read(recording))
    #expect(audio.count == 144_000, "jack_rec recorded \(audio.count) frames")
    // With no frame lost, the recording is the plugin's output frame for frame: jack_midiseq
    // sends a note-on every 24,000 frames and its note-off 12,000 frames later, each at its
    // frame within the 256-frame period, and the plugin starts and releases each note on those
    // frames. So every spacing is exactly 24,000 frames, and every note is sample for sample
    // the same as the others. A plugin that moved events to block starts would make every
    // spacing a multiple of 256 (23,808 or 24,064, as 24,000 is 93 periods and 192 frames) and
    // the notes' lengths differ; a lost note-on or note-off would make a spacing 48,000.
    let notes = Self.notes(audio)
    let onsets = notes.map(\.lowerBound)
    let spacings = zip(onsets.dropFirst(), onsets).map { $0 - $1 }
    #expect(spacings.allSatisfy { $0 == 24_000 }, "onsets \(onsets), spacings \(spacings)")
    // The notes the recording holds whole (a note cut by its end has too few periods to
    // measure): of the 6 note-ons in 144,000 frames, at least 5, however the recording's start
    // falls between them
    let whole = notes.filter { $0.upperBound < audio.count }
    #expect(whole.count >= 5, "whole notes \(whole) of \(notes)")
    if let first = whole.first {
      let differing = whole.filter { !audio[$0].elementsEqual(audio[first]) }
      #expect(
        differing.isEmpty,
        "notes \(differing) differ from the note at \(first) (frames \(whole.map(\.count)))")
    }
    // Pitch and level of each whole note. The pitch is the median of the note's period
    // lengths, each between two upward zero crossings located by linear interpolation: the
    // 440 Hz period is 109.09 frames, measured to about 0.02 cents each (32-bit samples of a
    // sine), and the median leaves out the periods at the note's edges, where the envelope
    // starts and ends. The level is each note's peak.
    // jack_midiseq plays velocity 64; channel volume starts at 100: both squared, on a sine of 0.5
    let expected = 0.5 * pow(64.0 / 127, 2) * pow(100.0 / 127, 2)
    var report: [String] = []
    for note in whole {
      let periods = Measure.centsByPeriod(Array(audio[note]), sampleRate: 48_000, base: 440)
      #expect(periods.count >= 100, "note at \(note.lowerBound) has \(periods.count) periods")
      guard !periods.isEmpty else { continue }
      let cents = periods.map(\.cents).sorted()[periods.count / 2]
      let level = Measure.dB(Double(Measure.peak(audio[note])) / expected)
      #expect(abs(cents) < 0.5, "note at \(note.lowerBound): \(cents) cents from 440 Hz")
      #expect(abs(level) < 0.1, "note at \(note.lowerBound): peak \(level) dB from \(expected)")
      report.append(
        String(
          format: "%d (%d frames): %+.3f cents, %+.3f dB", note.lowerBound, note.count, cents,
          level))
    }
    print(
      "JalvTests: jalv under jackd (dummy backend, 48 kHz, 256-frame blocks, freewheeling) "
        + "played key 69 from jack_midiseq; notes \(report.joined(separator: "; ")); "
        + "spacings \(spacings)")
  }

  /// The frames of each note: from where sound starts after at least 1,000 frames of silence
  /// (sound at the start of the recording may be a note's middle) to where silence starts
  /// again, or to the recording's end.
  static func notes(_ audio: [Float]) -> [Range<Int>] {
    var notes: [Range<Int>] = []
    var start: Int?
    var silent = 0
    var lastSound = 0
    for (frame, value) in audio.enumerated() {
      if value == 0 {
        silent += 1
        if silent == 1_000, let first = start {
          notes.append(first..<lastSound + 1)
          start = nil
        }
      } else {
        if silent >= 1_000 { start = frame }
        silent = 0
        lastSound = frame
      }
    }
    if let first = start { notes.append(first..<audio.count) }
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

  /// Runs a short command to its end; its output (with its error output too when `withErrors`),
  /// or nil when it failed.
  func run(_ executable: String, _ arguments: [String], withErrors: Bool = false) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = withErrors ? output : FileHandle.nullDevice
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

  /// Stops every process still running: the first started (the JACK server) first, then the
  /// others, the last started first. Each gets SIGTERM, then SIGKILL if it has not gone within
  /// 3 seconds. The server goes first because it runs in synchronous mode, where each cycle
  /// waits for every client: a client killed under it stalls it (jackd2 1.9.21 then took over
  /// 3 s to close the other clients and to exit), and a server killed with SIGKILL leaves its
  /// entry in JACK's registry of servers, which holds 8 for the whole machine: once it is full,
  /// no jackd starts and this test skips. The clients do need the SIGKILL: they inherit the
  /// test thread's signal mask, which blocks SIGTERM (jalv exits when its input closes).
  func stopAll() {
    let order = [0] + processes.indices.dropFirst().reversed()
    for (process, _, input) in order.map({ processes[$0] }) where process.isRunning {
      try? input?.fileHandleForWriting.close()
      process.terminate()
      if !waitFor(seconds: 3, { !process.isRunning }) {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
      }
    }
  }
}
