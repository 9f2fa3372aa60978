import Foundation

/// A folder owned by this process for inputs the decoders can only read from a path.
///
/// It sits in /dev/shm when there is one, so writing every input costs a memory copy rather than
/// disk traffic, and its name carries the process id, so fuzzers running in parallel (`-jobs`)
/// never read each other's files. It is removed when the fuzzer exits normally; a crash leaves
/// it behind with the input that crashed.
public enum ScratchFolder {
  public static let path: String = {
    let base =
      FileManager.default.fileExists(atPath: "/dev/shm")
      ? "/dev/shm" : FileManager.default.temporaryDirectory.path
    let folder = "\(base)/sfzsampler-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: ScratchFolder.path) }
    return folder
  }()

  /// Writes `bytes` to `name` in the folder, replacing what was there, and returns its path.
  @discardableResult
  public static func write(_ bytes: UnsafeBufferPointer<UInt8>, to name: String) -> String {
    let file = "\(path)/\(name)"
    guard let stream = fopen(file, "wb") else { fatalError("cannot write \(file)") }
    if bytes.count > 0 {
      guard fwrite(bytes.baseAddress, 1, bytes.count, stream) == bytes.count else {
        fatalError("short write to \(file)")
      }
    }
    fclose(stream)
    return file
  }

  /// Removes `name` from the folder so an earlier input's file cannot leak into this one.
  public static func remove(_ name: String) {
    unlink("\(path)/\(name)")
  }
}
