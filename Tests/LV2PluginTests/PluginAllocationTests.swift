import AudioTestSupport
import Foundation
import Testing

/// run() allocates nothing, like the render call it wraps.
@Suite(.enabled(if: PluginBundle.isAvailable, "the LV2 bundle could not be built or found"))
struct PluginAllocationTests {
  @Test(
    .enabled(if: ThreadAllocations.isAvailable, "allocations are not counted under a sanitizer"))
  func runAllocatesNothingWithNotesParametersAndTransport() throws {
    let instrument = try SineInstrument()
    defer { instrument.remove() }
    let plugin = try PluginInstance(LV2World(), sampleRate: 48_000, maximumBlock: 256)
    plugin.loadInstrument(instrument.sfz.path)
    let vibrato = plugin.lv2.urids.id(URI.parameter("vibrato.depth"))
    let volume = plugin.symbols.firstIndex(of: "master_volume")!
    let blocks = 600  // 3.2 s: the replaced-instrument collection is scheduled on the way
    let allocations = ThreadAllocations.measure {
      for block in 0..<blocks {
        plugin.input.begin()
        let key = UInt8(48 + block % 24)
        plugin.input.noteOn(frame: block % 200, key: key, velocity: 100)
        plugin.input.noteOff(frame: 250, key: key)
        plugin.input.midi(frame: 100, 0xB0, 1, UInt8(block % 128))
        plugin.input.midi(frame: 120, 0xE0, 0, UInt8(block % 128))
        plugin.input.setFloat(frame: 30, property: vibrato, value: Float(block % 10))
        if block % 50 == 0 {
          plugin.input.position(frame: 0, bpm: 100 + Float(block % 7), beat: Double(block))
        }
        plugin.portValues[volume] = block % 20 < 10 ? 1 : 0.8
        plugin.run(frames: 256)
      }
    }
    #expect(allocations == 0, "\(allocations) allocations in \(blocks) run() calls")
    #expect(plugin.worker.pendingCount == 1, "the old instrument's collection was scheduled")
  }
}
