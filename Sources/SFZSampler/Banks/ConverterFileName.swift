/// The bank and program numbers a converter writes into folder and file names: bank folders
/// `000`, `008`, `128` and program files `000_Yamaha Grand Piano.sfz` (polyphone's `-3` export,
/// checked with polyphone 2.3 on FluidR3_GM.sf2; the digits are zero-padded to three).
enum ConverterFileName {
  /// The bank a folder name stands for: digits only (`008` is bank 8), at most 16383 (the
  /// largest 14-bit bank number); nil for anything else, such as polyphone's `samples`.
  static func bank(_ folderName: String) -> Int? {
    guard !folderName.isEmpty, folderName.utf8.count <= 5,
      folderName.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let bank = Int(folderName),
      bank <= 16_383
    else { return nil }
    return bank
  }

  /// Program and name of `NNN_Name.sfz` (or `NNN.sfz`, named by its number): one to three
  /// digits for a program 0...127, then `_` and the name. Nil for other files, which are not
  /// programs of the bank.
  static func program(_ fileName: String) -> (program: Int, name: String)? {
    guard fileName.lowercased().hasSuffix(".sfz") else { return nil }
    let stem = fileName.dropLast(4)
    let digits = stem.prefix { $0.isASCII && $0.isNumber }
    guard (1...3).contains(digits.count), let program = Int(digits), program <= 127 else {
      return nil
    }
    let rest = stem.dropFirst(digits.count)
    if rest.isEmpty { return (program, String(stem)) }
    guard rest.first == "_", rest.count > 1 else { return nil }
    return (program, String(rest.dropFirst()))
  }
}
