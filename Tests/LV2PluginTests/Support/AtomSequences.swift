import CLilv
import Foundation

/// Writes the plugin's input atom sequence with lv2's forge: MIDI, patch:Set and time:Position
/// at frames within the block. Writing allocates nothing.
final class SequenceWriter: @unchecked Sendable {
  let buffer: UnsafeMutableRawPointer
  private let capacity: Int
  private let forge = UnsafeMutablePointer<LV2_Atom_Forge>.allocate(capacity: 1)
  private let frame = UnsafeMutablePointer<LV2_Atom_Forge_Frame>.allocate(capacity: 1)
  private var open = false
  private let uris:
    (
      midi: LV2_URID, set: LV2_URID, property: LV2_URID, value: LV2_URID,
      position: LV2_URID, bpm: LV2_URID, beat: LV2_URID
    )
  let urids: URIDMap

  init(urids: URIDMap, capacity: Int) {
    self.urids = urids
    self.capacity = capacity
    buffer = .allocate(byteCount: capacity, alignment: 8)
    lv2_atom_forge_init(forge, urids.map)
    uris = (
      urids.id(URI.midiMidiEvent), urids.id(URI.patchSet), urids.id(URI.patchProperty),
      urids.id(URI.patchValue), urids.id(URI.timePosition),
      urids.id(URI.timeBeatsPerMinute), urids.id(URI.timeBeat)
    )
    begin()
  }

  deinit {
    buffer.deallocate()
    forge.deallocate()
    frame.deallocate()
  }

  /// Starts an empty sequence.
  func begin() {
    lv2_atom_forge_set_buffer(forge, buffer.assumingMemoryBound(to: UInt8.self), capacity)
    lv2_atom_forge_sequence_head(forge, frame, 0)
    open = true
  }

  /// Closes the sequence (run() does this before each block).
  func finish() {
    guard open else { return }
    lv2_atom_forge_pop(forge, frame)
    open = false
  }

  /// A three-byte MIDI message.
  func midi(frame at: Int, _ status: UInt8, _ data1: UInt8, _ data2: UInt8) {
    // the three bytes in a word: a tuple's type metadata is made, with an allocation, the first
    // time it is used, which the allocation test would count against run()
    var bytes = (UInt32(status) | UInt32(data1) << 8 | UInt32(data2) << 16).littleEndian
    lv2_atom_forge_frame_time(forge, Int64(at))
    lv2_atom_forge_atom(forge, 3, uris.midi)
    withUnsafeBytes(of: &bytes) { _ = lv2_atom_forge_write(forge, $0.baseAddress, 3) }
  }

  func noteOn(frame: Int, key: UInt8, velocity: UInt8) { midi(frame: frame, 0x90, key, velocity) }
  func noteOff(frame: Int, key: UInt8) { midi(frame: frame, 0x80, key, 0) }

  /// patch:Set of a float property.
  func setFloat(frame at: Int, property: LV2_URID, value: Float) {
    var object = LV2_Atom_Forge_Frame()
    lv2_atom_forge_frame_time(forge, Int64(at))
    lv2_atom_forge_object(forge, &object, 0, uris.set)
    lv2_atom_forge_key(forge, uris.property)
    lv2_atom_forge_urid(forge, property)
    lv2_atom_forge_key(forge, uris.value)
    lv2_atom_forge_float(forge, value)
    lv2_atom_forge_pop(forge, &object)
  }

  /// patch:Set of a path property.
  func setPath(frame at: Int, property: String, path: String) {
    var object = LV2_Atom_Forge_Frame()
    lv2_atom_forge_frame_time(forge, Int64(at))
    lv2_atom_forge_object(forge, &object, 0, uris.set)
    lv2_atom_forge_key(forge, uris.property)
    lv2_atom_forge_urid(forge, urids.id(property))
    lv2_atom_forge_key(forge, uris.value)
    path.withCString { _ = lv2_atom_forge_path(forge, $0, UInt32(strlen($0))) }
    lv2_atom_forge_pop(forge, &object)
  }

  /// time:Position with a tempo and a song position in beats.
  func position(frame at: Int, bpm: Float, beat: Double) {
    var object = LV2_Atom_Forge_Frame()
    lv2_atom_forge_frame_time(forge, Int64(at))
    lv2_atom_forge_object(forge, &object, 0, uris.position)
    lv2_atom_forge_key(forge, uris.bpm)
    lv2_atom_forge_float(forge, bpm)
    lv2_atom_forge_key(forge, uris.beat)
    lv2_atom_forge_double(forge, beat)
    lv2_atom_forge_pop(forge, &object)
  }
}

/// Reads the plugin's output sequence.
struct OutputSequence {
  let base: UnsafeRawPointer
  let urids: URIDMap

  init(_ buffer: UnsafeRawPointer, urids: URIDMap) {
    base = buffer
    self.urids = urids
  }

  /// The path values of every patch:Set of `property` in the sequence.
  func patchSetPaths(property: LV2_URID) -> [String] {
    let sequenceSize = Int(base.load(as: UInt32.self))
    var paths: [String] = []
    var offset = 16  // the sequence's atom header and body header
    let end = 8 + sequenceSize
    let set = urids.id(URI.patchSet)
    let path = urids.id(URI.atomPath)
    let object = urids.id(URI.atomObject)
    while offset + 16 <= end {
      let size = Int(base.load(fromByteOffset: offset + 8, as: UInt32.self))
      let type = base.load(fromByteOffset: offset + 12, as: UInt32.self)
      let body = offset + 16
      if type == object, base.load(fromByteOffset: body + 4, as: UInt32.self) == set {
        var key = body + 8
        var matches = false
        var value: String?
        while key + 16 <= body + size {
          let k = base.load(fromByteOffset: key, as: UInt32.self)
          let valueSize = Int(base.load(fromByteOffset: key + 8, as: UInt32.self))
          let valueType = base.load(fromByteOffset: key + 12, as: UInt32.self)
          if k == urids.id(URI.patchProperty),
            base.load(fromByteOffset: key + 16, as: UInt32.self) == property
          {
            matches = true
          }
          if k == urids.id(URI.patchValue), valueType == path {
            value = String(cString: (base + key + 16).assumingMemoryBound(to: CChar.self))
          }
          key += 16 + ((valueSize + 7) & ~7)
        }
        if matches, let value { paths.append(value) }
      }
      offset = body + ((size + 7) & ~7)
    }
    return paths
  }
}
