import Foundation

/// The temporary file a render writes into, next to the final output so the closing rename
/// stays on one file system. The temporary file is removed on failure, and in the tool's own
/// process on SIGINT or SIGTERM by a signal handler, so an earlier file at the output path is
/// never touched until the render has succeeded.
struct TemporaryOutput {
  /// Where the finished file goes.
  let finalPath: GivenPath
  /// Where it is written meanwhile.
  let temporaryPath: String
  /// Whether a signal handler removes the temporary file (see `RunContext`).
  private let removesOnSignal: Bool

  /// Checks that the output folder exists and picks a temporary name in it, ending in `kind`.
  init(finalPath: GivenPath, removesOnSignal: Bool, kind: String = "sfzplay-tmp")
    throws(SFZPlayError)
  {
    let url = finalPath.url
    let folder = url.deletingLastPathComponent().path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue
    else {
      throw .missingOutputFolder(path: finalPath.text, folder: folder)
    }
    guard FileManager.default.isWritableFile(atPath: folder) else {
      throw .outputUnwritable(path: finalPath.text, reason: "the folder \(folder) is not writable")
    }
    self.finalPath = finalPath
    self.removesOnSignal = removesOnSignal
    temporaryPath =
      url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(kind)").path
    if removesOnSignal { SignalCleanup.arm(removing: temporaryPath) }
  }

  /// Moves the finished file into place, replacing any earlier one.
  func commit() throws(SFZPlayError) {
    guard rename(temporaryPath, finalPath.path) == 0 else {
      let reason = String(cString: strerror(errno))
      discard()
      throw .outputUnwritable(path: finalPath.text, reason: reason)
    }
    if removesOnSignal { SignalCleanup.disarm(temporaryPath) }
  }

  /// Removes the temporary file.
  func discard() {
    unlink(temporaryPath)
    if removesOnSignal { SignalCleanup.disarm(temporaryPath) }
  }
}

/// Removes the pending temporary files (a song's mix and its stems) when the process is
/// interrupted. The paths live in C strings allocated before the handler is installed, because a
/// signal handler may only call async-signal-safe functions (`unlink`, `signal`, `raise`) and
/// must not allocate.
enum SignalCleanup {
  /// The most files pending at once: a mix and 16 stems for each of a batch's renders side by
  /// side, and room to spare.
  static let capacity = 256
  /// A batch's renders arm and disarm from several threads; the handler only reads the slots.
  private static let lock = NSLock()
  nonisolated(unsafe) private static let pending = {
    let paths = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    paths.initialize(repeating: nil, count: capacity)
    return paths
  }()

  static func arm(removing path: String) {
    lock.lock()
    defer { lock.unlock() }
    guard let slot = (0..<capacity).first(where: { pending[$0] == nil }) else { return }
    pending[slot] = strdup(path)
    signal(SIGINT, handle)
    signal(SIGTERM, handle)
    // A parent may start us with these signals blocked (they would then wait until exit, and the
    // interrupted render would be kept); Ctrl-C must work.
    var wanted = sigset_t()
    sigemptyset(&wanted)
    sigaddset(&wanted, SIGINT)
    sigaddset(&wanted, SIGTERM)
    sigprocmask(SIG_UNBLOCK, &wanted, nil)
  }

  /// Forgets `path`; with none pending any more, the signals' default actions come back.
  static func disarm(_ path: String) {
    lock.lock()
    defer { lock.unlock() }
    for slot in 0..<capacity {
      guard let pendingPath = pending[slot], String(cString: pendingPath) == path else { continue }
      pending[slot] = nil
      free(pendingPath)
    }
    if (0..<capacity).allSatisfy({ pending[$0] == nil }) {
      signal(SIGINT, SIG_DFL)
      signal(SIGTERM, SIG_DFL)
    }
  }

  private static let handle: @convention(c) (Int32) -> Void = { signalNumber in
    for slot in 0..<SignalCleanup.capacity {
      if let path = SignalCleanup.pending[slot] { unlink(path) }
    }
    // Die of the same signal, so the shell sees an interrupted process.
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
  }
}
