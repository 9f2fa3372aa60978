import Foundation

/// The plugin bundle the tests load: the shared library SwiftPM built beside this test
/// executable, put in a temporary sfzsampler.lv2 by the built sfzsampler-lv2-bundle, and found
/// through the LV2 search path: jalv's LV2_PATH, and lilv's option of the same meaning in this
/// process (setting the variable here would race the other tests' threads reading theirs).
enum PluginBundle {
  /// The folder LV2_PATH names (it holds sfzsampler.lv2), or why there is none.
  static let folder: Result<URL, BundleError> = make()

  /// Whether the bundle could be made; tests that need it are disabled with the reason when not.
  static var isAvailable: Bool { (try? folder.get()) != nil }

  /// The search path: the bundle's folder, then the LV2 specifications lilv reads plugin
  /// descriptions with.
  static var searchPath: String {
    ([(try? folder.get())?.path].compactMap { $0 } + specifications).joined(separator: ":")
  }

  static let specifications = ["/usr/lib/lv2", "/usr/local/lib/lv2", "/opt/homebrew/lib/lv2"]

  /// The products this test executable was built with sit beside it.
  static let productsFolder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    .deletingLastPathComponent()

  /// `swift test` and `swift build --build-tests` build every product, the plugin's library
  /// and the bundle writer among them.
  private static func make() -> Result<URL, BundleError> {
    let library = productsFolder.appendingPathComponent("libSFZSamplerLV2.so")
    guard FileManager.default.fileExists(atPath: library.path) else {
      return .failure(
        .notBuilt("\(library.path) is missing; `swift build --product SFZSamplerLV2` builds it"))
    }
    return bundle(
      library: library, writer: productsFolder.appendingPathComponent("sfzsampler-lv2-bundle"))
  }

  private static func bundle(library: URL, writer: URL) -> Result<URL, BundleError> {
    let temporary = FileManager.default.temporaryDirectory
    removeBundlesOfEndedRuns(in: temporary)
    let folder = temporary.appendingPathComponent("\(prefix)\(getpid())")
    let bundle = folder.appendingPathComponent("sfzsampler.lv2")
    guard FileManager.default.fileExists(atPath: writer.path),
      run(writer.path, [bundle.path, library.path])
    else { return .failure(.notBuilt("sfzsampler-lv2-bundle could not write \(bundle.path)")) }
    return .success(folder)
  }

  private static let prefix = "sfzsampler-lv2-tests-"

  /// A test process leaves its bundle behind (nothing runs when it exits); the next one removes
  /// those whose process is gone.
  private static func removeBundlesOfEndedRuns(in temporary: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
    for name in names where name.hasPrefix(prefix) {
      guard let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
    }
  }

  @discardableResult
  static func run(_ executable: String, _ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return false
    }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}

/// Why the tests have no bundle.
enum BundleError: Error, CustomStringConvertible {
  case notBuilt(String)

  var description: String {
    switch self {
    case .notBuilt(let reason): return "no LV2 bundle to test: \(reason)"
    }
  }
}
