import Testing

@testable import SFZ

@Suite struct InstrumentTests {
  @Test func inheritanceAndResets() throws {
    let text = """
      <global> volume=-1 pan=10
      <master> volume=-2 tune=5
      <group> volume=-3 transpose=1
      <region> sample=*sine
      <region> volume=-4 sample=*sine
      <group> lovel=5
      <region> sample=*sine
      <master>
      <region> sample=*sine
      <global>
      <region> sample=*sine
      """
    let r = try parse(text).regions
    #expect(r.map { $0.double("volume") } == [-3, -4, -2, -1, nil])
    #expect(r.map { $0.int("transpose") } == [1, 1, nil, nil, nil])
    #expect(r.map { $0.double("tune") } == [5, 5, 5, nil, nil])
    #expect(r.map { $0.double("pan") } == [10, 10, 10, 10, nil])
    #expect(r.map { $0.int("lovel") } == [nil, nil, 5, nil, nil])
  }

  @Test func keySetsRangeAndCenterButLaterOpcodesWin() throws {
    let r = try parse("<group> key=60 <region> hikey=62 sample=*sine").regions[0]
    #expect(r.int("lokey") == 60)
    #expect(r.int("hikey") == 62)
    #expect(r.int("pitch_keycenter") == 60)
  }

  @Test func noteNames() {
    #expect(ValueReading.noteNumber("c4") == 60)
    #expect(ValueReading.noteNumber("C#4") == 61)
    #expect(ValueReading.noteNumber("db4") == 61)
    #expect(ValueReading.noteNumber("c-1") == 0)
    #expect(ValueReading.noteNumber("g9") == 127)
    #expect(ValueReading.noteNumber("g#9") == nil)
    #expect(ValueReading.noteNumber("e#4") == nil)
    #expect(ValueReading.noteNumber("fb4") == nil)
    #expect(ValueReading.noteNumber("h4") == nil)
  }

  @Test func rejectedNoteNameDropsTheOpcode() throws {
    let sfz = try parse("<region> lokey=e#4 sample=*sine")
    #expect(sfz.regions[0].int("lokey") == nil)
    #expect(sfz.messages(containing: "lokey=e#4").count == 1)
  }

  @Test func numbersClampingAndJunk() throws {
    let sfz = try parse("<region> volume=+3.5 hivel=200 transpose=2.7 pan=10dB sample=*sine")
    let r = sfz.regions[0]
    #expect(r.double("volume") == 3.5)
    #expect(r.int("hivel") == 127)
    #expect(r.int("transpose") == 2)
    #expect(r.double("pan") == 10)
    #expect(sfz.messages(containing: "clamped to 127").count == 1)
    #expect(sfz.messages(containing: "trailing characters 'dB'").count == 1)
    #expect(sfz.messages(containing: "whole number").count == 1)
  }

  @Test func aliasesAreCanonical() throws {
    let r = try parse(
      "<region> loopmode=loop_continuous offby=2 filtype=hpf_2p ampeg_attackcc1=2 pan_cc10=3 polyphony_group=4"
    ).regions[0]
    #expect(r.string("loop_mode") == "loop_continuous")
    #expect(r.int("off_by") == 2)
    #expect(r.string("fil_type") == "hpf_2p")
    #expect(r.double("ampeg_attack_oncc1") == 2)
    #expect(r.double("pan_oncc10") == 3)
    #expect(r.int("group") == 4)
  }

  @Test func invalidChoiceIsDropped() throws {
    let sfz = try parse("<region> loop_mode=sometimes sample=*sine")
    #expect(sfz.regions[0].string("loop_mode") == nil)
    #expect(sfz.messages(containing: "'sometimes'").count == 1)
  }

  @Test func noteAndOctaveOffsets() throws {
    let text = """
      <control> note_offset=1
      <region> key=63 xfin_lokey=36 sample=*sine
      <control> note_offset=-1
      <region> key=63 sw_last=25 sw_previous=62 sample=*sine
      <control> note_offset=1 octave_offset=1
      <region> key=c4 sample=*sine
      <control>
      <region> key=63 sample=*sine
      """
    let r = try parse(text).regions
    #expect(r[0].int("lokey") == 64 && r[0].int("pitch_keycenter") == 64)
    #expect(r[0].int("xfin_lokey") == 37)
    #expect(r[1].int("hikey") == 62 && r[1].int("sw_last") == 24 && r[1].int("sw_previous") == 61)
    #expect(r[2].int("key") == 73)
    #expect(r[3].int("key") == 76)
  }

  @Test func controlSettings() throws {
    let text = """
      <control> default_path=Sub\\Dir\\ set_cc7=127 set_hdcc10=0.25 label_cc7=Volume label_key60=Middle
      <region> sample=a.wav
      <control>
      <region> sample=b.wav
      """
    let sfz = try parse(text, path: "/tmp/none/x.sfz")
    #expect(sfz.control.setCC == [7: 1, 10: 0.25])
    #expect(sfz.control.ccLabels == [7: "Volume"])
    #expect(sfz.control.keyLabels == [60: "Middle"])
    #expect(sfz.regions[0].samplePath == "/tmp/none/Sub/Dir/a.wav")
    #expect(sfz.regions[1].samplePath == "/tmp/none/b.wav")
    #expect(sfz.control.defaultPath.isEmpty)
  }

  @Test func curvesInterpolateLinearly() throws {
    let sfz = try parse(
      "<curve> curve_index=7 v000=0 v064=1 v127=0\n<curve> curve_index=8 v063=0.5")
    let curve = try #require(sfz.curves[7]?.points)
    #expect(curve.count == 128)
    #expect(curve[32] == 0.5)
    #expect(curve[64] == 1)
    #expect(abs(curve[95] - (1 - 31.0 / 63.0)) < 1e-6)
    let ramp = try #require(sfz.curves[8]?.points)
    #expect(ramp[0] == 0 && ramp[63] == 0.5 && ramp[127] == 1)
    #expect(abs(ramp[95] - (0.5 + 0.5 * 32 / 64)) < 1e-6)
  }

  /// Curves carry their `<curve>` line, and a curve_index outside ARIA's 0...255
  /// (corpus/spec sfzformat/docs/headers/curve.md) is reported at its own line.
  @Test func curveProblemsNameTheirLine() throws {
    let sfz = try parse(
      """
      <region> sample=*sine

      <curve> curve_index=7 v000=1
      <curve>
      curve_index=300
      <curve> curve_index=99999999999999999999999
      <curve> v010=0.5
      """)
    // the last <curve> has no curve_index: it is the one after curve 7
    #expect(sfz.curves.keys.sorted() == [7, 8])
    #expect(sfz.curves[7]?.location == SFZLocation(file: "/nonexistent-sfz-test/test.sfz", line: 3))
    #expect(
      sfz.diagnostics.map(\.description) == [
        "/nonexistent-sfz-test/test.sfz:5: warning: curve_index=300 is not a number in 0...255;"
          + " <curve> ignored",
        "/nonexistent-sfz-test/test.sfz:6: warning: curve_index=99999999999999999999999 is not a"
          + " number in 0...255; <curve> ignored",
      ])
  }

  /// corpus/spec sfzformat/docs/headers/curve.md keeps curves 0-6 for ARIA's own and numbers the
  /// others by curve_index; a <curve> without one takes the next number, as the reference player
  /// numbers them: 7 for the first, then one past the highest defined before it.
  @Test func curvesWithoutAnIndexTakeTheNextNumber() throws {
    let sfz = try parse(
      """
      <region> sample=*sine
      <curve> v000=0.1
      <curve> v000=0.2
      <curve> curve_index=17 v000=0.3
      <curve> v000=0.4
      <curve> curve_index=3 v000=0.5
      <curve> v000=0.6
      """)
    let starts = sfz.curves.mapValues { $0.points[0] }
    #expect(starts == [7: 0.1, 8: 0.2, 17: 0.3, 18: 0.4, 3: 0.5, 19: 0.6])
    #expect(sfz.diagnostics.isEmpty)
  }

  @Test func effectsAreKept() throws {
    let sfz = try parse("<effect> type=lofi bus=fx1 custom=3 <region> sample=*sine")
    #expect(sfz.effects.count == 1)
    #expect(sfz.effects[0].map(\.name) == ["type", "bus", "custom"])
    #expect(sfz.diagnostics.isEmpty)
  }
}
