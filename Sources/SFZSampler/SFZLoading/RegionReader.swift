import SFZ

/// One region's opcodes as `RegionMapping` reads them. Every opcode of the region looked up is
/// recorded, so the loader reports as not rendered exactly the opcodes the mapping never asked for: the list of
/// rendered opcodes is the code that reads them, not a list kept beside it.
///
/// ```swift
/// let reader = RegionReader(region)
/// let tune = reader.double("tune")  // recorded, whether or not the region writes it
/// reader.unread()                   // the region's opcodes nothing asked for
/// ```
final class RegionReader {
  private let region: SFZRegion
  /// The region's opcode names in order, so families matched by pattern come out the same
  /// every time.
  private let sortedNames: [String]
  /// The region's own opcodes looked up: all that `unread` needs, and far fewer to hash than
  /// every name the mapping asks about (hundreds a region, most of which it does not write).
  private var names: Set<String> = []

  init(_ region: SFZRegion) {
    self.region = region
    sortedNames = region.opcodes.keys.sorted()
  }

  /// Where the `<region>` header was written.
  var location: SFZLocation { region.location }

  /// The sample path or generator name the loader resolved from `sample`.
  var samplePath: String? {
    names.insert("sample")
    return region.samplePath
  }

  /// The opcode, when the region writes it.
  func opcode(_ name: String) -> SFZOpcode? {
    guard let found = region.opcodes[name] else { return nil }
    names.insert(name)
    return found
  }

  /// Whether the region writes the opcode.
  func has(_ name: String) -> Bool { opcode(name) != nil }

  /// The opcode's validated number.
  func double(_ name: String) -> Double? { opcode(name)?.number }

  /// The opcode's validated number as a whole number (see `SFZRegion.int`).
  func int(_ name: String) -> Int? {
    opcode(name) == nil ? nil : region.int(name)
  }

  /// A key-valued opcode as a MIDI note.
  func note(_ name: String) -> Int? {
    opcode(name) == nil ? nil : region.note(name)
  }

  /// The opcode's value text.
  func string(_ name: String) -> String? { opcode(name)?.value }

  /// The region's opcodes whose names `parse` takes apart (`locc64` into controller 64, ...),
  /// in name order; each is recorded as read.
  func opcodes<Parsed>(_ parse: (String) -> Parsed?) -> [(Parsed, SFZOpcode)] {
    sortedNames.compactMap { name in
      guard let parsed = parse(name), let opcode = opcode(name) else { return nil }
      return (parsed, opcode)
    }
  }

  /// Records opcodes the mapping takes in on purpose without a sound of their own (labels, and
  /// the like), so that they are not reported as not rendered.
  func ignore(_ ignored: [String]) { names.formUnion(ignored) }

  /// The region's opcodes nothing has read, in name order.
  func unread() -> [(name: String, opcode: SFZOpcode)] {
    sortedNames.filter { !names.contains($0) }.compactMap { name in
      region.opcodes[name].map { (name, $0) }
    }
  }
}
