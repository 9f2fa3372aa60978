import AudioTestSupport
import SFZSampler
import Testing

@Suite("Semantics: choke groups")
struct SemanticsChokeTests {
  /// An open hi-hat (key 46, a steady sine) choked by a silent closed hi-hat (key 42) at frame
  /// 4800; returns the milliseconds from the choke until the open hat is below -60 dB of its
  /// level, or nil if it never gets there within half a second.
  private func chokeMilliseconds(_ openOpcodes: String, closedGroup: Int = 1) throws -> Double? {
    let rig = try SemanticsRig(
      """
      <region> sample=*silence key=42 group=\(closedGroup)
      <region> sample=*sine key=46 group=2 off_by=1 amp_veltrack=0 volume=-6 \(openOpcodes)
      """)
    let chokeAt = 4_800
    let out = rig.render(
      chokeAt + 24_000,
      [.noteOn(key: 46, velocity: 100), .noteOn(key: 42, velocity: 100, frame: chokeAt)])
    let before = Double(Measure.peak(out[2_400..<chokeAt]))
    let window = 48
    var start = chokeAt
    while start + window <= out.count {
      if Double(Measure.peak(out[start..<start + window])) < before * 0.001 {
        return Double(start - chokeAt) / 48
      }
      start += window / 4
    }
    return nil
  }

  @Test("off_mode=fast (the default) stops the open hi-hat within a few milliseconds")
  func fast() throws {
    let ms = try #require(try chokeMilliseconds(""))
    #expect(ms >= 3 && ms <= 7, "\(ms) ms")
  }

  @Test("off_mode=time fades over off_time")
  func timed() throws {
    let ms = try #require(try chokeMilliseconds("off_mode=time off_time=0.05"))
    #expect(ms >= 45 && ms <= 55, "\(ms) ms")
  }

  @Test("off_mode=normal goes into the region's release")
  func normal() throws {
    let ms = try #require(try chokeMilliseconds("off_mode=normal ampeg_release=0.1"))
    #expect(ms >= 80 && ms <= 105, "\(ms) ms")
  }

  @Test("a new voice of another group leaves the open hi-hat sounding")
  func otherGroup() throws {
    #expect(try chokeMilliseconds("", closedGroup: 3) == nil)
  }

  @Test("a group that chokes itself keeps the layers of the new note")
  func selfChokeKeepsLayers() throws {
    let rig = try SemanticsRig(
      """
      <group> key=60 group=5 off_by=5 amp_veltrack=0 volume=-12
      <region> sample=*sine
      <region> sample=*sine tune=700
      """)
    _ = rig.render(2_400, [.noteOn(key: 60, velocity: 100)])
    #expect(rig.sampler.activeVoices == 2)
    _ = rig.render(2_400, [.noteOn(key: 60, velocity: 100)])
    #expect(rig.sampler.activeVoices == 2)
  }
}
