import Foundation

/// An ARIA bank file (`*.bank.xml`), as sforzando and ARIA Player open it: its `<AriaProgram>`
/// elements, in file order, are programs 0, 1, 2, ...; each plays the SFZ its `<AriaElement
/// path="...">` names, relative to the bank file. A bank-level `<Define name="$x" value="..."/>`
/// is defined for every program's SFZ before its first line (``BankInstrument/defines``), and a
/// `<Define>` inside an `<AriaProgram>` for that program only, replacing a bank-level one.
///
/// An ARIA bank is one bank of melodic programs: every bank select falls back to it (bank 0),
/// and it has no drum kits, so a drum channel finds nothing (assign a kit to channel 10).
///
/// ```swift
/// let bank = try AriaBankFile(contentsOf: URL(fileURLWithPath: "Weresax/Weresax.bank.xml"))
/// let sax = bank.instrument(for: ProgramAddress(channel: 0, program: 0))
/// // Weresax/Programs/Sax.sfz, defines ["$sample_dir": "../Samples"]
/// ```
public struct AriaBankFile: Sendable, Hashable {
  /// The bank file.
  public let file: URL
  /// The bank-level defines, by name as written (with its `$`).
  public let defines: [String: String]
  /// Programs whose SFZ file does not exist, as ``BankError/missingFile(path:line:missing:)``
  /// naming the bank file and the `<AriaElement>`'s line: they play nothing, and a player says so.
  public let problems: [BankError]

  /// Program N in file order, nil when its file is missing.
  private let slots: [BankInstrument?]

  /// Reads and checks the bank file: every program names exactly one SFZ file. Throws
  /// ``BankError`` naming the bank file and the line of the problem; a named SFZ file that does
  /// not exist is not thrown but listed in ``problems``.
  public init(contentsOf file: URL) throws(BankError) {
    self.file = file
    let path = file.path
    let data: Data
    do {
      data = try Data(contentsOf: file)
    } catch {
      throw FileManager.default.fileExists(atPath: path)
        ? .unreadable(path: path, reason: error.localizedDescription) : .notFound(path: path)
    }
    let xml = try AriaBankXML.parse(data, path: path)
    guard xml.bankCount == 1 else {
      throw .invalidBankFile(
        path: path, line: nil,
        reason: "expected one <AriaBank> element, found \(xml.bankCount)")
    }
    defines = try Self.defines(xml.bankDefines, path: path)
    let folder = file.deletingLastPathComponent()
    var slots: [BankInstrument?] = []
    var problems: [BankError] = []
    for (number, program) in xml.programs.enumerated() {
      let label = program.name.map { "<AriaProgram name=\"\($0)\">" } ?? "<AriaProgram>"
      guard program.elementPaths.count == 1 else {
        throw .invalidBankFile(
          path: path, line: program.line,
          reason: program.elementPaths.isEmpty
            ? "\(label) has no <AriaElement path=\"...\">"
            : "\(label) layers \(program.elementPaths.count) <AriaElement>s; one SFZ file per "
              + "program is supported")
      }
      let element = program.elementPaths[0]
      guard let written = element.path, !written.isEmpty else {
        throw .invalidBankFile(
          path: path, line: element.line, reason: "<AriaElement> without a path attribute")
      }
      // Bank files are written on Windows as often as not.
      let relative = written.replacingOccurrences(of: "\\", with: "/")
      let url =
        relative.hasPrefix("/")
        ? URL(fileURLWithPath: relative) : folder.appendingPathComponent(relative)
      let own = try Self.defines(program.defines, path: path)
      // A program whose file is missing keeps its number (the next program is still N + 1) but
      // plays nothing, and says why: banks in the wild name programs their authors never
      // shipped (the corpus's Weresax bank names Saxcordion.sfz and Sxnth.sfz, which its
      // repository lacks), and the programs that are there must still play.
      guard FileManager.default.fileExists(atPath: url.path) else {
        problems.append(.missingFile(path: path, line: element.line, missing: url.path))
        slots.append(nil)
        continue
      }
      slots.append(
        BankInstrument(
          url: url, defines: defines.merging(own) { _, programs in programs },
          name: program.name, bank: 0, program: number, source: .bank))
    }
    guard !slots.isEmpty else {
      throw .invalidBankFile(path: path, line: nil, reason: "no <AriaProgram> in <AriaBank>")
    }
    self.slots = slots
    self.problems = problems
  }

  /// The programs whose files exist, in file order (program numbers may have gaps, see
  /// ``problems``).
  public var instruments: [BankInstrument] { slots.compactMap { $0 } }

  /// How many `<AriaProgram>`s the file holds: programs 0 to `programCount - 1`.
  public var programCount: Int { slots.count }

  /// The program for `address`: the `<AriaProgram>` at that place in the file, whatever the bank select (the file is
  /// the only bank, so another bank falls back to it, reported as
  /// ``BankInstrument/Source/melodicFallback(requestedBank:)`` with the 14-bit bank number).
  /// Nil for a program past the last one, a program whose file is missing, and a drum channel.
  public func instrument(for address: ProgramAddress) -> BankInstrument? {
    guard !address.isDrumChannel, address.program < slots.count,
      var instrument = slots[address.program]
    else { return nil }
    if address.bank14Bit != 0 {
      instrument.source = .melodicFallback(requestedBank: address.bank14Bit)
    }
    return instrument
  }

  /// Checked defines: a name is `$` and letters, digits or `_`, as SFZ's `#define` wants, and
  /// both attributes are there; a later one of the same name replaces an earlier one.
  private static func defines(_ list: [AriaBankXML.Define], path: String) throws(BankError)
    -> [String: String]
  {
    var result: [String: String] = [:]
    for define in list {
      guard let name = define.name, let value = define.value else {
        throw .invalidBankFile(
          path: path, line: define.line, reason: "<Define> needs both name and value attributes")
      }
      let identifier = name.utf8.dropFirst()
      guard name.hasPrefix("$"), !identifier.isEmpty,
        identifier.allSatisfy(isIdentifierByte)
      else {
        throw .invalidBankFile(
          path: path, line: define.line,
          reason: "<Define name=\"\(name)\">: a name is '$' then letters, digits or '_'")
      }
      result[name] = value
    }
    return result
  }

  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"):
      return true
    default:
      return false
    }
  }
}
