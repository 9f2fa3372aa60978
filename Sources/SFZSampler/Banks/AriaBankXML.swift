import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The elements of an ARIA bank file that choose programs, read with Foundation's `XMLParser`.
///
/// ARIA bank files as shipped are not well-formed XML: Karoryfer's `Horse Pulse.bank.xml` and
/// `Weresax.bank.xml` put a `<Key>` element before `<AriaBank>`, two root elements, which a
/// strict parser refuses. So the bytes are wrapped in one synthetic root element, inserted
/// after the XML declaration on its line (the declaration must stay first, and inserting on the
/// same line keeps the parser's line numbers those of the file). Everything else must be
/// well-formed; a real syntax error is still reported with its line.
struct AriaBankXML {
  /// A `<Define name="$x" value="..."/>`.
  struct Define {
    var name: String?
    var value: String?
    var line: Int
  }

  /// An `<AriaProgram>` with its elements and its own defines.
  struct Program {
    var name: String?
    var line: Int
    var elementPaths: [(path: String?, line: Int)] = []
    var defines: [Define] = []
  }

  var bankCount = 0
  var bankDefines: [Define] = []
  var programs: [Program] = []

  private static let syntheticRoot = "sfzsampler-aria-bank-file"

  /// Parses the file's bytes; `path` names it in errors.
  static func parse(_ data: Data, path: String) throws(BankError) -> AriaBankXML {
    let reader = Reader()
    let parser = XMLParser(data: wrapped(data))
    parser.shouldResolveExternalEntities = false
    parser.delegate = reader
    // FoundationXML on Linux recovers from some errors (a mismatched end tag) and returns true
    // after reporting them to the delegate: any reported error fails the file.
    let finished = parser.parse()
    if let code = reader.errorCode
      ?? (finished ? nil : parser.parserError.map { ($0 as NSError).code })
    {
      throw .malformedXML(
        path: path, line: reader.errorLine ?? parser.lineNumber, reason: XMLErrorText.text(code))
    }
    return reader.result
  }

  /// `data` inside the synthetic root: after the `<?xml ...?>` declaration when there is one (a
  /// UTF-8 byte order mark before it is kept), otherwise at the very start.
  static func wrapped(_ data: Data) -> Data {
    let bytes = [UInt8](data)
    let open = Array("<\(syntheticRoot)>".utf8)
    let close = Array("</\(syntheticRoot)>".utf8)
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let start = bytes.starts(with: bom) ? bom.count : 0
    var insertAt = start
    if bytes[start...].starts(with: Array("<?xml".utf8)),
      let end = declarationEnd(bytes, from: start)
    {
      insertAt = end
    }
    return Data(bytes[..<insertAt] + open + bytes[insertAt...] + close)
  }

  private static func declarationEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    var i = start
    while i + 1 < bytes.count {
      if bytes[i] == UInt8(ascii: "?") && bytes[i + 1] == UInt8(ascii: ">") { return i + 2 }
      i += 1
    }
    return nil
  }

  /// Collects the elements as the parser reports them. Element names compare case-insensitively:
  /// ARIA itself is written on Windows, and nothing is gained by refusing `<ariaprogram>`.
  private final class Reader: NSObject, XMLParserDelegate {
    var result = AriaBankXML()
    var errorCode: Int?
    var errorLine: Int?
    private var stack: [String] = []
    /// The depth of the `<AriaProgram>` being read, one counted as a program (inside
    /// `<AriaBank>`); nil outside one.
    private var programDepth: Int?

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      let name = elementName.lowercased()
      let line = parser.lineNumber
      let inBank = stack.contains("ariabank")
      switch name {
      case "ariabank" where programDepth == nil:
        result.bankCount += 1
      case "ariaprogram" where inBank && programDepth == nil:
        result.programs.append(Program(name: attributes["name"], line: line))
        programDepth = stack.count
      case "ariaelement" where programDepth != nil:
        result.programs[result.programs.count - 1].elementPaths.append((attributes["path"], line))
      case "define" where inBank:
        let define = Define(name: attributes["name"], value: attributes["value"], line: line)
        if programDepth != nil {
          result.programs[result.programs.count - 1].defines.append(define)
        } else {
          result.bankDefines.append(define)
        }
      default:
        break
      }
      stack.append(name)
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      stack.removeLast()
      if stack.count == programDepth { programDepth = nil }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
      if errorCode == nil {
        errorCode = (parseError as NSError).code
        errorLine = parser.lineNumber
      }
    }
  }
}
