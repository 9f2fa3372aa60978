import AudioTestSupport
import Testing

@Suite("Semantics: what the loader reports")
struct SemanticsReportTests {
  @Test("selection and lifecycle opcodes count as rendered; others are still named")
  func rendered() throws {
    let rig = try SemanticsRig(
      """
      <control> set_cc7=0.5
      <global> sw_lokey=36 sw_hikey=37 sw_default=36 sw_label=Sustain
      <master> loprog=3 hiprog=3
      <group> group=2 off_by=3 off_mode=time off_time=0.1 polyphony=4 note_polyphony=2
        note_selfmask=off seq_length=2 lochan=1 hichan=2
      <region> sample=*sine key=60 sw_last=36 seq_position=1 locc1=0 hicc1=10 lobend=0 hibend=10
        lochanaft=1 hichanaft=2 lopolyaft=3 hipolyaft=4 lorand=0 hirand=0.5 sw_vel=previous
        sw_previous=50 sw_down=40 sw_up=41 trigger=first lohdcc2=0.5 effect1=10
      <region> sample=*sine on_locc64=100 on_hicc64=127 hikey=-1 sw_lolast=36 sw_hilast=37
      """)
    let unrendered = rig.report.diagnostics.filter { $0.message.contains("not rendered") }
    // effect1 is rendered since the effect sends (corpus/spec opcodes/effect1.md)
    #expect(unrendered.isEmpty, "\(unrendered)")
    #expect(rig.report.keyRange == 60...60)
  }

  @Test("conditions beyond the engine's eight controllers are reported at their line")
  func tooManyControllers() throws {
    let ranges = (1...9).map { "locc\($0)=0" }.joined(separator: " ")
    let rig = try SemanticsRig("<region> sample=*sine\n\(ranges)\n")
    let warning = rig.report.diagnostics.first { $0.message.contains("controller conditions") }
    #expect(warning?.line == 2, "\(rig.report.diagnostics)")
    #expect(warning?.message.contains("cc9") == true)
  }

  /// A `<curve>` the engine cannot take (curve_index beyond ARIA's 0...255, corpus/spec
  /// sfzformat/docs/headers/curve.md) is reported at its file and line, not at line 0.
  @Test("curve problems are reported at the line of their <curve>")
  func curveLines() throws {
    let rig = try SemanticsRig(
      """
      <region> sample=*sine amplitude_oncc1=100 amplitude_curvecc1=9

      <curve>
      curve_index=5000
      v000=0
      """)
    let warning = rig.report.diagnostics.first { $0.message.contains("curve_index=5000") }
    #expect(warning?.line == 4, "\(rig.report.diagnostics)")
    #expect(warning?.description.hasPrefix(rig.report.path + ":4: warning:") == true)
  }

  /// Every input condition of a region must hold for it to play (corpus/spec sfzformat/docs/
  /// headers/region.md); the lo/hi opcodes name inclusive ranges (opcodes/lokey.md, lovel.md,
  /// loccN.md) except lorand/hirand and lobpm/hibpm, which leave out their top (lorand.md,
  /// lobpm.md). A range written upside down is reported at its region's line.
  @Test("regions with an empty range are reported at their line")
  func emptyRanges() throws {
    let rig = try SemanticsRig(
      """
      <region> sample=*sine lokey=70 hikey=60
      <region> sample=*sine lovel=100 hivel=20
      <region> sample=*sine locc1=100 hicc1=10
      <region> sample=*sine lorand=0.8 hirand=0.2
      <region> sample=*sine hikey=-1
      <region> sample=*sine lochan=5 hichan=2
      <region> sample=*sine hikey=-1 on_locc64=64 lovel=100 hivel=20
      <region> sample=*sine lorand=0.5 hirand=1 end=0
      """)
    let path = rig.report.path
    #expect(
      rig.report.diagnostics.map(\.description) == [
        "\(path):1: warning: lokey=70 is above hikey=60 and no on_loccN trigger is set: the"
          + " region never plays",
        "\(path):2: warning: lovel=100 is above hivel=20: the region never plays",
        "\(path):3: warning: locc1=100 is above hicc1=10: the region never plays",
        "\(path):4: warning: lorand=0.8 is not below hirand=0.2: the region never plays",
        "\(path):5: warning: hikey=-1 answers no key and no on_loccN trigger is set: the region"
          + " never plays",
        "\(path):6: warning: lochan=5 is above hichan=2: the region never plays",
      ])
    for key: UInt8 in [50, 65, 80] {
      #expect(Measure.peak(rig.strike(key, velocity: 60)[...]) == 0, "key \(key)")
    }
  }
}
