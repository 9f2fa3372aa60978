import Foundation

/// An SFZ instrument read from text: regions with their effective opcodes, curves, effect
/// blocks, control settings and every diagnostic met on the way.
///
/// ```swift
/// let piano = try SFZInstrument.load(url: URL(fileURLWithPath: "Piano/Piano.sfz"))
/// for region in piano.regions { print(region.note("lokey") ?? 0, region.samplePath ?? "-") }
/// piano.diagnostics.forEach { print($0) }
/// ```
public struct SFZInstrument: Sendable {
  /// Regions in file order.
  public var regions: [SFZRegion]
  /// Curves from `<curve>` blocks by `curve_index` (0...255), 128 points each.
  public var curves: [Int: SFZCurve]
  /// The opcodes of each `<effect>` block, in file order (not rendered by the engine).
  public var effects: [[SFZOpcode]]
  /// `<control>` settings as they stood at the end of the file.
  public var control: SFZControl
  /// Every problem found, in the order found.
  public var diagnostics: [SFZDiagnostic]
  /// Absolute paths of the files pulled in by `#include`, first inclusion order.
  public var includedFiles: [String]
  /// Opcode names the table does not know, with how often each was written.
  public var unknownOpcodes: [String: Int]

  /// Reads an SFZ file. Paths in it resolve relative to the folder of the real file: when `url`
  /// is a link (or passes through linked folders), samples, `#include`s and `default_path` are
  /// found where the instrument's author put them, beside the file the link points to.
  /// Diagnostics still name `url` as given.
  ///
  /// - Parameters:
  ///   - url: the `.sfz` file.
  ///   - strict: when true, any diagnostic makes the load fail with
  ///     ``SFZError/strictModeFailed(path:diagnostics:)`` listing all of them.
  ///   - defines: variables defined before the first line, as an ARIA bank file's
  ///     `<Define name="$sample_dir" value="../Samples"/>` defines them for the SFZ files it names
  ///     (names with or without the `$`); the file's own `#define` of a name replaces it. A name
  ///     that is not `$` and letters, digits or `_` is ignored with a warning at line 0.
  /// - Throws: ``SFZError`` when the file is missing, unreadable or not text.
  public static func load(url: URL, strict: Bool = false, defines: [String: String] = [:])
    throws(SFZError) -> SFZInstrument
  {
    let path = url.path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .fileNotFound(path: path)
    }
    guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "is a directory") }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .unreadable(path: path, reason: error.localizedDescription)
    }
    let bytes = [UInt8](data)
    if let nul = bytes.firstIndex(of: 0) { throw .notText(path: path, byteOffset: nul) }
    return try parse(bytes: bytes, path: path, strict: strict, defines: defines)
  }

  /// Parses SFZ text. `path` names the (possibly virtual) file for messages; `#include` and
  /// sample paths resolve relative to its folder (the real file's folder when `path` exists and
  /// is reached through links), and the file system is checked for them. `defines` are defined
  /// before the first line, as for ``load(url:strict:defines:)``.
  ///
  /// - Throws: ``SFZError/strictModeFailed(path:diagnostics:)`` in strict mode only.
  public static func parse(
    text: String, path: String, strict: Bool = false, defines: [String: String] = [:]
  ) throws(SFZError) -> SFZInstrument {
    try parse(bytes: Array(text.utf8), path: path, strict: strict, defines: defines)
  }

  private static func parse(
    bytes: [UInt8], path: String, strict: Bool, defines: [String: String]
  ) throws(SFZError) -> SFZInstrument {
    let identity = PathResolver.real(PathResolver.normalize(path))
    let baseDirectory = (identity as NSString).deletingLastPathComponent
    let resolver = PathResolver()
    var lexer = SFZLexer(baseDirectory: baseDirectory, resolver: resolver)
    lexer.predefine(defines, file: path)
    lexer.lexMain(bytes, file: path, identity: identity)
    var builder = InstrumentBuilder(baseDirectory: baseDirectory, resolver: resolver)
    for token in lexer.tokens { builder.consume(token) }
    builder.finish()
    let diagnostics = (lexer.diagnostics + builder.diagnostics).sorted(by: Self.sourceOrder)
    if strict && !diagnostics.isEmpty {
      throw .strictModeFailed(path: path, diagnostics: diagnostics)
    }
    return SFZInstrument(
      regions: builder.regions, curves: builder.curves, effects: builder.effects,
      control: builder.control, diagnostics: diagnostics, includedFiles: lexer.includedFiles,
      unknownOpcodes: builder.unknownOpcodes)
  }

  /// Orders by file then line, keeping the order of discovery within a line.
  private static func sourceOrder(_ a: SFZDiagnostic, _ b: SFZDiagnostic) -> Bool {
    a.file == b.file ? a.line < b.line : a.file < b.file
  }
}
