import AudioTestSupport
import CSamplerCore
import Foundation
import Testing
@_spi(Plugin) import SFZSampler

/// Host automation: a control port moved between blocks, and patch:Set of a parameter on a
/// frame inside a block.
@Suite(.enabled(if: PluginBundle.isAvailable, "the LV2 bundle could not be built or found"))
struct PluginAutomationTests {
  static let events: [(frame: Int, event: NoteEvent)] = [(10, .on(key: 69, velocity: 100))]
  static func write(_ sequence: SequenceWriter, _ frame: Int, _ event: NoteEvent) {
    event.write(to: sequence, frame: frame)
  }

  @Test func aControlPortMovedBetweenBlocksAppliesFromTheNextBlocksFirstFrame() throws {
    let instrument = try SineInstrument()
    defer { instrument.remove() }
    let plugin = try PluginInstance(LV2World(), sampleRate: 48_000, maximumBlock: 64)
    plugin.loadInstrument(instrument.sfz.path)
    var left: [Float] = []
    for block in 0..<40 {
      if block == 10 { plugin["vibrato_depth"] = 50 }
      left +=
        plugin.render(
          frames: 64, block: 64, events: block == 0 ? Self.events : [], write: Self.write
        ).left
    }

    let parameter = sc_event(
      frame: 640, type: UInt8(SC_EVENT_PARAMETER.rawValue), channel: 0,
      data1: UInt8(SC_PARAM_VIBRATO_DEPTH.rawValue), data2: 0, value: 0, number: 50)
    let direct = Reference.render(
      try Reference.sampler(sampleRate: 48_000, sfz: instrument.sfz), frames: 2560, block: 64,
      events: Self.events, extra: [parameter])
    let plain = Reference.render(
      try Reference.sampler(sampleRate: 48_000, sfz: instrument.sfz), frames: 2560, block: 64,
      events: Self.events)
    #expect(left == direct.left)
    // a pitch change: the frame it applies on is still read where the old pitch led, so the
    // first frame that sounds different is the next one
    let firstDifference = zip(left, plain.left).enumerated().first { $1.0 != $1.1 }?.offset
    #expect(firstDifference == 641)
  }

  @Test func patchSetOfAParameterLandsOnItsFrameInsideABlock() throws {
    let instrument = try SineInstrument()
    defer { instrument.remove() }
    let change = 1333
    let depth = SC_PARAM_VIBRATO_DEPTH
    let property = URI.parameter("vibrato.depth")
    let plugin = try PluginInstance(LV2World(), sampleRate: 48_000, maximumBlock: 1000)
    plugin.loadInstrument(instrument.sfz.path)
    let urid = plugin.lv2.urids.id(property)
    enum Item {
      case note(NoteEvent)
      case depth(Float)
    }
    let items: [(frame: Int, event: Item)] = [
      (10, .note(.on(key: 69, velocity: 100))), (change, .depth(50)),
    ]
    let played = plugin.render(frames: 3000, block: 1000, events: items) { sequence, frame, item in
      switch item {
      case .note(let note): note.write(to: sequence, frame: frame)
      case .depth(let value): sequence.setFloat(frame: frame, property: urid, value: value)
      }
    }

    let sampler = try Reference.sampler(sampleRate: 48_000, sfz: instrument.sfz)
    let parameter = sc_event(
      frame: UInt32(change), type: UInt8(SC_EVENT_PARAMETER.rawValue), channel: 0,
      data1: UInt8(depth.rawValue), data2: 0, value: 0, number: 50)
    let direct = Reference.render(
      sampler, frames: 3000, block: 1000, events: Self.events, extra: [parameter])
    let plain = Reference.render(
      try Reference.sampler(sampleRate: 48_000, sfz: instrument.sfz), frames: 3000, block: 1000,
      events: Self.events)
    #expect(played.left == direct.left)
    // a pitch change, as above: the first frame that sounds different is the next one
    let firstDifference = zip(played.left, plain.left).enumerated().first { $1.0 != $1.1 }?.offset
    #expect(firstDifference == change + 1)
    print(
      "LV2 patch:Set of vibrato.depth at frame \(change): first different frame \(firstDifference ?? -1)"
    )
  }

  @Test func patchSetOfMasterVolumeScalesTheOutputExactlyFromItsFrame() throws {
    let instrument = try SineInstrument()
    defer { instrument.remove() }
    let change = 1333
    enum Item {
      case note(NoteEvent)
      case volume(Float)
    }
    func play(_ items: [(frame: Int, event: Item)]) throws -> (left: [Float], right: [Float]) {
      let plugin = try PluginInstance(LV2World(), sampleRate: 48_000, maximumBlock: 1000)
      plugin.loadInstrument(instrument.sfz.path)
      let volume = plugin.lv2.urids.id(URI.parameter("master.volume"))
      return plugin.render(frames: 3000, block: 1000, events: items) { sequence, frame, item in
        switch item {
        case .note(let note): note.write(to: sequence, frame: frame)
        case .volume(let value): sequence.setFloat(frame: frame, property: volume, value: value)
        }
      }
    }
    let note: (frame: Int, event: Item) = (10, .note(.on(key: 69, velocity: 100)))
    let plain = try play([note])
    // the change is frame 333 of the second block
    let halved = try play([note, (change, .volume(0.5))])

    #expect(Measure.peak(plain.left[change...]) > 0.1)
    for (out, reference) in [(halved.left, plain.left), (halved.right, plain.right)] {
      #expect((0..<change).allSatisfy { out[$0] == reference[$0] }, "changed before the frame")
      let from = (change..<3000).first { out[$0] != reference[$0] * 0.5 }
      #expect(from == nil, "not exactly halved at frame \(from ?? -1)")
    }
    let first = zip(halved.left, plain.left).enumerated().first { $1.0 != $1.1 }?.offset
    #expect(first == change)
    print("LV2 patch:Set of master.volume at frame \(change): first different frame \(first ?? -1)")
  }
}
