import AudioTestSupport
import CSamplerCore
import CSndfile
import Foundation
import Testing

@_spi(Plugin) import SFZSampler

/// The plugin in a real DAW: Ardour 7 (Debian's `ardour`, headless through `ardour7-lua` and its
/// Dummy backend) makes a session with a MIDI track playing SFZSampler and five notes in a MIDI
/// region, the Master Tune knob at +50 cents; then, in a new process, a host preset that holds
/// only the instrument file chooses the instrument, Master Volume is automated, the track is
/// bounced with processing and the session saved; then a third process reopens it and bounces
/// again. Ardour saves the instrument through state:mapPath as a link in the session folder,
/// which is what made reopened sessions silent. Each step is its own process
/// (Tests/LV2PluginTests/Ardour/session.lua).
@Suite(.enabled(if: PluginBundle.isAvailable, "the LV2 bundle could not be built or found"))
struct ArdourSessionTests {
  static let sampleRate = 48_000
  static let frames = 96_000
  /// The notes: frame, key, length in frames, velocity. Frames are whole ticks of Ardour's
  /// 1,920 per beat at its default 120 bpm (12.5 frames), so the region holds them exactly.
  static let notes: [(frame: Int, key: UInt8, length: Int, velocity: UInt8)] = (0..<5).map {
    (12_000 + $0 * 15_000, UInt8(60 + $0), 9_600, 100)
  }
  static let masterTune: Float = 50
  /// Master Volume's automation: a ramp from 1 at frame 0 to 0.5 here.
  static let rampEnd = 60_000
  /// Ardour 7.3 bounces in chunks of this many frames and evaluates a plugin's automation at
  /// each chunk's first frame: for a plugin with a MIDI input it does not split the chunk at the
  /// automation's points (its session.cc, `bounce_chunk_size`; measured here).
  static let bounceChunk = 8_192

  @Test func aSavedSessionReopensInANewProcessAndBouncesTheSameSamples() throws {
    guard let session = try ArdourRun.prepare() else { return }
    defer { session.remove() }
    let started = Date()
    let notes = Self.notes.map { "\($0.frame):\($0.key):\($0.length):\($0.velocity)" }
      .joined(separator: ",")
    let created = try session.run(["create", notes, "\(Self.masterTune)"])
    let chosen = try session.run([
      "choose", ArdourRun.presetLabel, "Master Volume", "\(Self.rampEnd)", "\(Self.frames)",
    ])
    let reopened = try session.run(["reopen", "\(Self.frames)"])
    let seconds = Date().timeIntervalSince(started)
    for step in [created, chosen, reopened] {
      #expect(step.pluginMessages.isEmpty, "the plugin's log in Ardour: \(step.pluginMessages)")
    }
    // the session keeps the instrument as Ardour's link, and reads it back through it
    let links = try session.links()
    #expect(!links.isEmpty, "Ardour kept no link to the instrument in \(session.folder.path)")

    // the preset holds only the instrument: the knob it does not hold stays where the user set it
    #expect(
      chosen.output.contains("KNOB Master Tune \(Int(Self.masterTune))\n"), "\(chosen.output)")

    let first = try #require(chosen.bounce)
    let again = try #require(reopened.bounce)
    #expect(first.left.count == Self.frames)
    let differing = firstDifference(again, first)
    #expect(differing == nil, "the reopened session's bounce differs from frame \(differing ?? -1)")

    // Every note on its frame, at its key's pitch with the knob's +50 cents
    let sounding = JalvTests.notes(first.left).map(\.lowerBound)
    #expect(sounding == Self.notes.map(\.frame), "onsets \(sounding)")
    for note in Self.notes {
      let expected =
        SineInstrument.frequency(ofKey: note.key) * pow(2, Double(Self.masterTune) / 1200)
      let frequency = Measure.frequency(
        first.left, sampleRate: Double(Self.sampleRate),
        in: (note.frame + 200)..<(note.frame + 9_000))
      #expect(
        abs(Measure.cents(frequency, from: expected)) < 0.5, "key \(note.key): \(frequency) Hz")
    }

    // The automation where Ardour applies it: the library's own render of the same notes, with
    // the knob and each chunk's value of the curve at the chunk's first frame, is the bounce
    let curve = chosen.automation
    let volume = try Self.reference(curve: curve)
    let unequal = firstDifference(first, volume)
    let chunk = Self.bounceChunk
    #expect(
      unequal == nil,
      "the bounce differs from the library's render with Master Volume changed at each \(chunk)-frame chunk from frame \(unequal ?? -1)"
    )
    let last = Self.notes[4].frame
    let level = Measure.dB(
      Double(
        Measure.peak(first.left[last..<(last + 9_000)]) / Measure.peak(first.left[12_000..<12_100]))
    )
    print(
      "Ardour: three processes in \(String(format: "%.1f", seconds)) s; reopened bounce equal "
        + "to the first (max difference 0); onsets \(sounding); the last note \(level) dB from "
        + "the first with Master Volume's ramp; equal to the library's render with the "
        + "automation at each \(Self.bounceChunk)-frame chunk")
  }

  /// The library's render: a sampler made as the plugin makes its own, the instrument, the
  /// Master Tune knob, the notes, and Master Volume set to the curve's value at the first frame
  /// of each bounce chunk where it changes.
  static func reference(curve: [Int: Float]) throws -> (left: [Float], right: [Float]) {
    let instrument = try SineInstrument(release: ArdourRun.release)
    defer { instrument.remove() }
    let sampler = try Reference.sampler(sampleRate: Double(sampleRate), sfz: instrument.sfz)
    sampler.parameters[.masterTune] = masterTune
    var events: [(frame: Int, event: NoteEvent)] = []
    for note in notes {
      events.append((note.frame, .on(key: note.key, velocity: note.velocity)))
      events.append((note.frame + note.length, .off(key: note.key)))
    }
    events.sort { $0.frame < $1.frame }
    var changes: [sc_event] = []
    var current = SamplerParameter.masterVolume.defaultValue
    for chunk in stride(from: 0, to: frames, by: bounceChunk) {
      guard let value = curve[chunk], value != current else { continue }
      current = value
      var change = sc_event()
      change.type = UInt8(SC_EVENT_PARAMETER.rawValue)
      change.frame = UInt32(chunk)
      change.data1 = UInt8(SamplerParameter.masterVolume.address)
      change.data2 = UInt8(SC_PARAMETER_FROM_CONTROL)
      change.number = value
      changes.append(change)
    }
    return Reference.render(
      sampler, frames: frames, block: bounceChunk, events: events, extra: changes)
  }
}
