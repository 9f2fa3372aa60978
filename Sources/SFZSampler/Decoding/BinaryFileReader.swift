#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sequential reads and forward skips over a file, for walking container metadata without
/// loading the audio payload. Every failure (short read, seek error) ends the walk with nil.
struct BinaryFileReader: ~Copyable {
  private let file: UnsafeMutablePointer<FILE>

  init?(path: String) {
    guard let file = fopen(path, "rb") else { return nil }
    self.file = file
  }

  deinit { fclose(file) }

  /// Exactly `count` bytes, or nil at end of file.
  func read(_ count: Int) -> [UInt8]? {
    guard count >= 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: count)
    let got = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, count, file) }
    return got == count ? bytes : nil
  }

  /// Moves `count` bytes forward; false when the seek fails.
  func skip(_ count: Int) -> Bool {
    fseeko(file, off_t(count), SEEK_CUR) == 0
  }

  /// Bytes between the read position and the end of the file, or nil if unknown.
  var bytesLeft: Int? {
    var status = stat()
    let position = ftello(file)
    guard position >= 0, fstat(fileno(file), &status) == 0 else { return nil }
    return max(Int(status.st_size) - Int(position), 0)
  }
}
