import CSndfile
import Foundation

/// One Ardour session the test drives with `ardour7-lua` (Tests/LV2PluginTests/Ardour/
/// session.lua), each step in a process of its own, in a temporary folder holding the session,
/// the instrument, the host preset that chooses it, and Ardour's own configuration (so nothing of
/// the user's is read or written).
struct ArdourRun {
  /// The label of the host preset, a user's "my piano": the instrument file and nothing else.
  static let presetLabel = "My Piano"
  /// The instrument's release: short, so each note ends well before the next.
  static let release = 0.01
  /// A step that has not ended by then has hung (a step takes 2 to 3 s on two cores).
  static let stepTimeout: TimeInterval = 300

  let root: URL
  let instrument: SineInstrument
  let ardour: String
  var folder: URL { root.appendingPathComponent("session") }
  let environment: [String: String]

  /// What a step printed and what it bounced.
  struct Step {
    let output: String
    let bounce: (left: [Float], right: [Float])?
    /// Master Volume's automation as Ardour's curve gives it, by frame.
    let automation: [Int: Float]

    /// Lines the plugin wrote to Ardour's log (its messages begin with "SFZSampler: ").
    var pluginMessages: [String] {
      output.split(separator: "\n").map(String.init).filter { $0.contains("SFZSampler: ") }
    }
  }

  /// A failed step, with what Ardour printed.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// A session to drive, or nil (printed) when the test cannot run here: no `ardour7-lua`
  /// (scripts/install-deps.sh installs Debian's `ardour`), or a plugin built with a sanitizer's
  /// runtime, which Ardour cannot load.
  static func prepare() throws -> ArdourRun? {
    if let sanitizer = ProcessInfo.processInfo.environment["SFZSAMPLER_SANITIZER"] {
      print("ArdourSessionTests: skipped under the \(sanitizer) sanitizer")
      return nil
    }
    guard let ardour = ["ardour7-lua", "ardour8-lua"].lazy.compactMap(JalvTests.path).first
    else {
      print(
        "ArdourSessionTests: skipped, no ardour7-lua (scripts/install-deps.sh installs ardour)")
      return nil
    }
    return try ArdourRun(ardour: ardour)
  }

  private init(ardour: String) throws {
    self.ardour = ardour
    instrument = try SineInstrument(release: Self.release)
    root = instrument.folder.appendingPathComponent("ardour")
    let presets = root.appendingPathComponent("presets")
    try Self.writePreset(into: presets, instrument: instrument.sfz)
    var environment = ProcessInfo.processInfo.environment
    environment["LV2_PATH"] = presets.path + ":" + PluginBundle.searchPath
    for variable in ["XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"] {
      environment[variable] = root.appendingPathComponent(variable).path
    }
    self.environment = environment
  }

  func remove() { instrument.remove() }

  /// Runs session.lua with `step` and its arguments in a new Ardour process.
  func run(_ arguments: [String]) throws -> Step {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Ardour/session.lua")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ardour)
    process.arguments =
      [script.path, arguments[0], folder.path, "session"] + arguments.dropFirst()
    process.environment = environment
    process.currentDirectoryURL = root
    let log = root.appendingPathComponent("\(arguments[0]).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    defer { try? handle.close() }
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(Self.stepTimeout)
    while process.isRunning && Date() < deadline { usleep(50_000) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    let lines = output.split(separator: "\n").map(String.init)
    guard process.terminationReason == .exit, process.terminationStatus == 0,
      lines.contains("DONE")
    else {
      throw Failure(
        description: "ardour7-lua \(arguments[0]) failed (status \(process.terminationStatus)): "
          + lines.suffix(30).joined(separator: "\n"))
    }
    let bounced = lines.filter { $0.hasPrefix("BOUNCE ") }.map { String($0.dropFirst(7)) }
    var automation: [Int: Float] = [:]
    for line in lines where line.hasPrefix("AUTOMATION ") {
      let fields = line.split(separator: " ")
      if fields.count == 3, let frame = Int(fields[1]), let value = Float(fields[2]) {
        automation[frame] = value
      }
    }
    var bounce: (left: [Float], right: [Float])?
    if bounced.count == 2 {
      bounce = (try Self.read(bounced[0]), try Self.read(bounced[1]))
    }
    return Step(output: output, bounce: bounce, automation: automation)
  }

  /// The links Ardour made in the session folder for the files its plugins use.
  func links() throws -> [String] {
    let walker = FileManager.default.enumerator(atPath: folder.path)
    var found: [String] = []
    while let name = walker?.nextObject() as? String {
      let path = folder.appendingPathComponent(name).path
      if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil {
        found.append(name)
      }
    }
    return found
  }

  /// A preset bundle, as a user saves "my piano" in a host: the instrument file alone.
  static func writePreset(into folder: URL, instrument: URL) throws {
    let bundle = folder.appendingPathComponent("my-piano.lv2")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    let subject = "<urn:sfzsampler:test:my-piano>"
    let prefixes = """
      @prefix atom: <http://lv2plug.in/ns/ext/atom#> .
      @prefix lv2: <http://lv2plug.in/ns/lv2core#> .
      @prefix pset: <http://lv2plug.in/ns/ext/presets#> .
      @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
      @prefix state: <http://lv2plug.in/ns/ext/state#> .

      """
    try
      (prefixes + """
        \(subject) a pset:Preset ;
          lv2:appliesTo <\(LV2World.pluginURI)> ;
          rdfs:seeAlso <my-piano.ttl> .

        """).write(
        to: bundle.appendingPathComponent("manifest.ttl"), atomically: true, encoding: .utf8)
    try
      (prefixes + """
        \(subject) a pset:Preset ;
          lv2:appliesTo <\(LV2World.pluginURI)> ;
          rdfs:label "\(presetLabel)" ;
          state:state [ <\(URI.instrumentFile)> "\(instrument.path)"^^atom:Path ] .

        """).write(
        to: bundle.appendingPathComponent("my-piano.ttl"), atomically: true, encoding: .utf8)
  }

  /// A bounced channel: Ardour writes one mono 32-bit float file per channel.
  static func read(_ path: String) throws -> [Float] {
    var info = SF_INFO()
    guard let file = sf_open(path, Int32(SFM_READ), &info), info.channels == 1 else {
      throw Failure(description: "cannot read the bounce \(path)")
    }
    defer { sf_close(file) }
    var frames = [Float](repeating: 0, count: Int(info.frames))
    _ = sf_readf_float(file, &frames, info.frames)
    return frames
  }
}
