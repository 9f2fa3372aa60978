import AudioTestSupport
import Testing

@Suite("Semantics: keyswitches")
struct SemanticsKeyswitchTests {
  private let articulations = """
    <global> sw_lokey=36 sw_hikey=38 sw_default=36 amp_veltrack=0 volume=-12
    <region> sample=*sine lokey=48 hikey=72 sw_last=36 tune=0
    <region> sample=*sine lokey=48 hikey=72 sw_last=37 tune=400
    <region> sample=*sine lokey=48 hikey=72 sw_last=38 tune=700
    """

  @Test("sw_last: the default articulation, then each keyswitch; keyswitches are silent")
  func lastKeyswitch() throws {
    let rig = try SemanticsRig(articulations)
    #expect(SemanticsRig.tone(rig.strike(60), among: [0, 4, 7]) == 0)
    for (keyswitch, tone) in [(37, 4), (38, 7), (36, 0), (38, 7)] {
      let switchSound = rig.strike(UInt8(keyswitch), frames: 480)
      #expect(Measure.peak(switchSound[...]) == 0, "keyswitch \(keyswitch) made a sound")
      #expect(SemanticsRig.tone(rig.strike(60), among: [0, 4, 7]) == tone, "after \(keyswitch)")
    }
  }

  @Test("without sw_default, sw_last regions wait for a keyswitch")
  func noDefault() throws {
    let rig = try SemanticsRig(articulations.replacingOccurrences(of: "sw_default=36", with: ""))
    #expect(SemanticsRig.tone(rig.strike(60), among: [0, 4, 7]) == nil)
    _ = rig.strike(37, frames: 256)
    #expect(SemanticsRig.tone(rig.strike(60), among: [0, 4, 7]) == 4)
  }

  @Test("sw_lolast/sw_hilast select by a range of keyswitches")
  func lastRange() throws {
    let rig = try SemanticsRig(
      """
      <group> amp_veltrack=0 volume=-12 lokey=60 hikey=60
      <region> sample=*sine sw_lolast=24 sw_hilast=26 tune=0
      <region> sample=*sine sw_lolast=27 sw_hilast=29 tune=700
      """)
    for (keyswitch, tone) in [(25, 0), (28, 7), (24, 0), (29, 7)] {
      _ = rig.strike(UInt8(keyswitch), frames: 256)
      #expect(SemanticsRig.tone(rig.strike(60), among: [0, 7]) == tone, "after \(keyswitch)")
    }
  }

  @Test("sw_down/sw_up follow a held key; sw_previous the note before")
  func heldAndPrevious() throws {
    let rig = try SemanticsRig(
      """
      <group> amp_veltrack=0 volume=-12 lokey=60 hikey=60
      <region> sample=*sine sw_up=40 tune=0
      <region> sample=*sine sw_down=40 tune=700
      <region> sample=*sine key=64 sw_previous=62 pitch_keycenter=60 tune=-400
      """)
    #expect(SemanticsRig.tone(rig.strike(60), among: [0, 7]) == 0)
    _ = rig.render(128, [.noteOn(key: 40, velocity: 100)])
    #expect(SemanticsRig.tone(rig.strike(60), among: [0, 7]) == 7)
    _ = rig.render(128, [.noteOff(key: 40)])
    #expect(SemanticsRig.tone(rig.strike(60), among: [0, 7]) == 0)
    // key 64 with tune -400 sounds at key 60's pitch, only right after key 62
    #expect(SemanticsRig.tone(rig.strike(64), among: [0]) == nil)
    _ = rig.strike(62, frames: 256)
    #expect(SemanticsRig.tone(rig.strike(64), among: [0, 7]) == 0)
  }

  @Test("sw_vel=previous plays at the previous note's velocity")
  func previousVelocity() throws {
    let rig = try SemanticsRig(
      """
      <region> sample=*sine key=60 amp_veltrack=100 sw_vel=previous
      <region> sample=*silence key=62
      """)
    _ = rig.strike(62, velocity: 127, frames: 256)
    let loud = SemanticsRig.level(rig.strike(60, velocity: 32))
    _ = rig.strike(62, velocity: 32, frames: 256)
    let soft = SemanticsRig.level(rig.strike(60, velocity: 127))
    // (127/32)^2 in amplitude: 23.97 dB
    #expect(abs(loud - soft - 23.97) < 0.5, "loud \(loud) dB, soft \(soft) dB")
  }
}
