/// Named numbers a child process measures and prints as one line (`name=value ...`), which the
/// parent reads back.
struct Figures {
  private(set) var values: [String: Double] = [:]
  /// Names in the order they were set, so the line reads in a stable order.
  private var order: [String] = []

  init() {}

  /// Reads a child's line back; nil when the line holds no figure.
  init?(line: String) {
    for field in line.split(separator: " ") {
      let parts = field.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, let value = Double(parts[1]) else { continue }
      self[String(parts[0])] = value
    }
    if values.isEmpty { return nil }
  }

  /// A figure, or nil when the child did not measure it.
  subscript(name: String) -> Double? {
    get { values[name] }
    set {
      if values[name] == nil, newValue != nil { order.append(name) }
      values[name] = newValue
    }
  }

  /// The line the child prints.
  var line: String {
    order.compactMap { name in values[name].map { "\(name)=\($0)" } }.joined(separator: " ")
  }
}
