/// Takes typed values off the front of a fuzz input, so one byte string can describe a call with
/// several parameters. Past the end every value reads as zero, which keeps short inputs valid.
public struct InputReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var offset = 0

  public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  public var remaining: Int { max(bytes.count - offset, 0) }

  public mutating func byte() -> UInt8 {
    defer { offset += 1 }
    return offset < bytes.count ? bytes[offset] : 0
  }

  public mutating func uint32() -> UInt32 {
    (0..<4).reduce(0) { value, shift in value | UInt32(byte()) << (8 * shift) }
  }

  public mutating func uint64() -> UInt64 {
    UInt64(uint32()) | UInt64(uint32()) << 32
  }

  public mutating func float() -> Float { Float(bitPattern: uint32()) }

  public mutating func double() -> Double { Double(bitPattern: uint64()) }

  /// Every whole 4-byte float left in the input.
  public mutating func remainingFloats() -> [Float] {
    (0..<remaining / 4).map { _ in float() }
  }
}
