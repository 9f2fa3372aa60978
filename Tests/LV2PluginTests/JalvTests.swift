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

    children.start(
      Self.path(of: "jackd")!, ["-r", "-n", server, "-d", "dummy", "-r", "48000", "-p", "256"])
    guard children.waitFor(seconds: 10, { children.run(Self.path(of: "jack_lsp")!, []) != nil })
    else {
      print(
        "JalvTests: skipped, jackd did not start with the dummy backend: \(children.output(of: 0))")
      return
    }
    let jalv = children.start(
      Self.path(of: "jalv")!, ["-x", "-n", "sfz", "-l", stateFolder.path], keepInputOpen: true)
    let ports = { children.run(Self.path(of: "jack_lsp")!, []) ?? "" }
    try #require(
      children.waitFor(seconds: 20) {
        ports().contains("sfz:out_left") && ports().contains("sfz:control")
      },
      "jalv did not come up: \(children.output(of: jalv))")
    // key 69 for 12,000 frames of every 24,000
    children.start(Self.path(of: "jack_midiseq")!, ["seq", "24000", "0", "69", "12000"])
    try #require(children.waitFor(seconds: 10) { ports().contains("seq:out") })
    #expect(children.run(Self.path(of: "jack_connect")!, ["seq:out", "sfz:control"]) != nil)
    let recording = instrument.folder.appendingPathComponent("jalv.wav")
    let recorder = children.start(
      Self.path(of: "jack_rec")!,
      [
        "-f", recording.path, "-d", "2", "-b", "32", "-B", "262144", "sfz:out_left",
      ])
    #expect(children.waitForExit(recorder, seconds: 30))
    let audio = try #require(Self.read(recording))
    let sounding = Self.noteStarts(audio)
    let start = try #require(sounding.first)
    // jack_midiseq plays velocity 64; channel volume starts at 100: both squared, on a sine of 0.5
    let expected = 0.5 * pow(64.0 / 127, 2) * pow(100.0 / 127, 2)
    let level = Measure.dB(Double(Measure.peak(audio[start...])) / expected)
    #expect(abs(level) < 0.1, "peak \(level) dB from \(expected)")
    // The notes keep jack_midiseq's spacing. Three processes run in real time here: on a loaded
    // machine the dummy backend can run a cycle late or jack_rec can drop one, so a spacing may
    // be off by whole periods (seen in CI: 23,744); within a period it is exact, which a plugin
    // that moved events to block starts would break (24,000 is not a multiple of 256). The
    // plugin's own frame accuracy is measured through lilv (PluginRenderTests), with no clock.
    let spacing = zip(sounding.dropFirst(), sounding).map { $0 - $1 }
    #expect(
      !spacing.isEmpty && spacing.allSatisfy { [0, 256, 512].contains(abs($0 - 24_000)) },
      "onsets \(sounding)")
    // A lost cycle inside a note's window bends that note's measured pitch, so the pitch is the
    // median over the notes: a plugin tuned wrong is wrong in every note
    let frequencies = sounding.filter { $0 + 9_000 <= audio.count }.map {
      Measure.frequency(audio, sampleRate: 48_000, in: ($0 + 200)..<($0 + 9_000))
    }.sorted()
    let frequency = try #require(frequencies.isEmpty ? nil : frequencies[frequencies.count / 2])
    let cents = Measure.cents(frequency, from: 440)
    #expect(abs(cents) < 0.5, "\(frequency) Hz, every note: \(frequencies)")
    print(
      "JalvTests: jalv under jackd (dummy backend, 48 kHz, 256-frame blocks) played key 69 from "
        + "jack_midiseq at \(frequency) Hz (\(cents) cents), peak \(level) dB from the expected "
        + "level, onsets \(sounding)")
  }

  /// The frames where sound starts after at least 1,000 frames of silence.
  static func noteStarts(_ audio: [Float]) -> [Int] {
    var starts: [Int] = []
    var silent = 1_000
    for (frame, value) in audio.enumerated() {
      if value == 0 {
        silent += 1
      } else {
        if silent >= 1_000 { starts.append(frame) }
        silent = 0
      }
    }
    return starts
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
    waitFor(seconds: seconds) { !processes[index].0.isRunning }
  }

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
