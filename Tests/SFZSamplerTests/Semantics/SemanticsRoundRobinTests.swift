import AudioTestSupport
import Testing

@Suite("Semantics: round robin and random layers")
struct SemanticsRoundRobinTests {
  private let oneVoice = -12 - 3.01  // dB RMS of one `*sine` at volume=-12

  @Test("a 3-step round robin plays 1,2,3,1,2,3, one region at a time")
  func threeSteps() throws {
    let rig = try SemanticsRig(
      """
      <group> key=60 seq_length=3 amp_veltrack=0 volume=-12
      <region> sample=*sine seq_position=1 tune=0
      <region> sample=*sine seq_position=2 tune=400
      <region> sample=*sine seq_position=3 tune=700
      """)
    #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
    var heard: [Int?] = []
    for _ in 0..<6 {
      let out = rig.strike(60)
      heard.append(SemanticsRig.tone(out, among: [0, 4, 7]))
      #expect(abs(SemanticsRig.level(out) - oneVoice) < 0.5, "level \(SemanticsRig.level(out))")
    }
    #expect(heard == [0, 4, 7, 0, 4, 7])
  }

  @Test("velocity layers split differently keep one shared sequence")
  func layersStayInStep() throws {
    let rig = try SemanticsRig(
      """
      <group> key=60 seq_length=2 amp_veltrack=0 volume=-12
      <region> sample=*sine seq_position=1 lovel=1 hivel=63 tune=0
      <region> sample=*sine seq_position=1 lovel=64 hivel=127 tune=0
      <region> sample=*sine seq_position=2 lovel=1 hivel=90 tune=700
      <region> sample=*sine seq_position=2 lovel=91 hivel=127 tune=700
      """)
    let velocities: [UInt8] = [30, 100, 80, 120, 50, 70]
    let heard = velocities.map { SemanticsRig.tone(rig.strike(60, velocity: $0), among: [0, 7]) }
    #expect(heard == [0, 7, 0, 7, 0, 7])
  }

  @Test("lorand/hirand split at 0.5: each side plays 40...60% of 1000 notes, never both")
  func randomSplit() throws {
    // The second pair shares the first pair's draw: A sounds with C and B with D, never crossed.
    let rig = try SemanticsRig(
      """
      <group> key=60 amp_veltrack=0
      <region> sample=*sine lorand=0 hirand=0.5 volume=0
      <region> sample=*sine lorand=0.5 hirand=1 volume=-20
      <region> sample=*sine lorand=0 hirand=0.5 volume=-6
      <region> sample=*sine lorand=0.5 hirand=1 volume=-26
      """)
    var low = 0
    var high = 0
    var other: [Float] = []
    for _ in 0..<1_000 {
      let out = rig.strike(60, frames: 512)
      let peak = Measure.peak(out[256...])
      if abs(peak - 1.5) < 0.05 {
        low += 1
      } else if abs(peak - 0.15) < 0.01 {
        high += 1
      } else {
        other.append(peak)
      }
    }
    #expect(other.count == 0, "\(other.count) notes mixed or missed layers: \(other.prefix(3))")
    #expect((400...600).contains(low) && (400...600).contains(high), "\(low) / \(high)")
  }
}
