import Foundation
import SFZ
import SFZSampler
import Testing

/// Every numeric opcode the table knows, set to values no instrument should hold (beyond every
/// integer type, at a range's edge, negative), loads without a crash and renders finite audio.
/// A hostile file may be refused or warned about; it may never take the host down.
@Suite struct AbsurdValueTests {
  static let values = [
    "99999999999999999999999", "-99999999999999999999999", "4294967296", "2147483648", "-1",
    "1e300",
  ]

  /// `NAME` for a pattern: each placeholder (N, X, Y) becomes 1.
  static func name(_ pattern: String) -> String {
    String(pattern.map { "NXY".contains($0) ? "1" : $0 })
  }

  @Test(
    "every numeric opcode at absurd values: the instrument loads and plays finite audio",
    arguments: values)
  func absurdValues(value: String) throws {
    let numeric = SFZOpcodeTable.shared.entries.filter {
      switch $0.kind {
      case .int, .float, .note: true
      default: false
      }
    }
    #expect(numeric.count > 200, "the table's numeric opcodes are all here")
    // One region per opcode, each playing a generator on the same key, so every opcode is
    // mapped on its own and every region that can still play does.
    let text = numeric.map { "<region> sample=*sine key=60 \(Self.name($0.pattern))=\(value)" }
      .joined(separator: "\n")
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("sfz-absurd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let sfz = folder.appendingPathComponent("absurd.sfz")
    try text.write(to: sfz, atomically: true, encoding: .utf8)
    let sampler = Sampler(maximumPolyphony: 512)
    do {
      try sampler.loadInstrument(url: sfz)
    } catch {
      // Refusing the file with a message is allowed; it must name the file.
      #expect(error.description.contains(sfz.path))
      return
    }
    let events: [SamplerEvent] = [
      .noteOn(key: 60, velocity: 100), .controlChange(controller: 1, value: 127),
      .pitchBend(value: 8_191), .noteOff(key: 60, frame: 2_000),
    ]
    let left = UnsafeMutablePointer<Float>.allocate(capacity: 4_096)
    let right = UnsafeMutablePointer<Float>.allocate(capacity: 4_096)
    defer {
      left.deallocate()
      right.deallocate()
    }
    events.withUnsafeBufferPointer {
      sampler.render(frameCount: 4_096, events: $0, left: left, right: right)
    }
    var finite = true
    for _ in 0..<20 {
      for i in 0..<4_096 where !left[i].isFinite || !right[i].isFinite { finite = false }
      sampler.render(frameCount: 4_096, left: left, right: right)
    }
    #expect(finite)
  }
}
