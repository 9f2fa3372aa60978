/// Words for `XMLParser`'s error codes. Its errors carry only a number (on Linux their message is
/// empty); the numbers are libxml2's `xmlParserErrors`, which Apple's `XMLParser.ErrorCode`
/// shares, so one table serves both. Only the mistakes a hand-edited bank file makes are named.
enum XMLErrorText {
  static func text(_ code: Int) -> String {
    switch code {
    case 4: return "the document is empty"
    case 5: return "the document ends early (an element is not closed)"
    case 9: return "invalid character"
    case 23: return "an entity reference misses its ';' (write & as &amp;)"
    case 26: return "undeclared entity (write & as &amp;)"
    case 33, 34: return "an attribute value is not in quotes or not closed"
    case 38: return "'<' inside an attribute value"
    case 39, 40: return "an attribute value is not quoted or not closed"
    case 41: return "an attribute has no value"
    case 42: return "an attribute is given twice"
    case 64: return "reserved name (an <?xml ...?> declaration that is not at the start?)"
    case 65: return "a space is required here"
    case 68: return "a name is required here (a bare & is written &amp;)"
    case 72: return "'<' expected"
    case 73: return "'>' expected (an unclosed tag?)"
    case 75: return "'=' expected after an attribute name"
    case 76: return "an end tag does not match its start tag"
    case 77: return "a tag is not finished"
    case 81: return "the text is not in the declared encoding"
    case 86: return "extra content after the document"
    default: return "XML error \(code)"
    }
  }
}
