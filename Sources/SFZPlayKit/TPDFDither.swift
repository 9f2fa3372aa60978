/// Triangular-PDF dither from a fixed-seed generator, so the same render always gives the same
/// bytes.
///
/// The generator is SplitMix64: tiny, fast and well distributed; its state is one integer.
struct TPDFDither {
  private var state: UInt64

  /// The fixed seed makes the noise, and so the output file, reproducible.
  init(seed: UInt64 = 0x5F7A_9D1E_2C4B_8A63) {
    state = seed
  }

  /// A value in (-1, 1) least significant bits, triangular: the sum of two uniform values.
  mutating func next() -> Double {
    uniform() - uniform()
  }

  private mutating func uniform() -> Double {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Double(z >> 11) * 0x1p-53
  }
}
