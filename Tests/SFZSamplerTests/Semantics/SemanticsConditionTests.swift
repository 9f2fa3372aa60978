import AudioTestSupport
import SFZSampler
import Testing

@Suite("Semantics: channel, program and controller conditions")
struct SemanticsConditionTests {
  @Test("loprog/hiprog on <master> pick the part a program change selects")
  func programs() throws {
    let rig = try SemanticsRig(
      """
      <master> loprog=0 hiprog=0
      <region> sample=*sine amp_veltrack=0 volume=-12 tune=0
      <master> loprog=5 hiprog=9
      <region> sample=*sine amp_veltrack=0 volume=-12 tune=700
      """)
    #expect(SemanticsRig.tone(rig.strike(60), among: [0, 7]) == 0)
    let cases: [(UInt8, Int?)] = [(5, 7), (9, 7), (3, nil), (0, 0), (7, 7)]
    for (program, tone) in cases {
      let out = rig.strike(60, before: [.programChange(program: program)])
      #expect(SemanticsRig.tone(out, among: [0, 7]) == tone, "program \(program)")
    }
    // a program change on another channel leaves channel 0 alone
    let out = rig.strike(60, before: [.programChange(program: 0, channel: 3)])
    #expect(SemanticsRig.tone(out, among: [0, 7]) == 7)
  }

  @Test("lochan/hichan (1...16) filter MIDI channels (0...15)")
  func channels() throws {
    let rig = try SemanticsRig(
      """
      <region> sample=*sine amp_veltrack=0 volume=-12 lochan=2 hichan=3 tune=0
      <region> sample=*sine amp_veltrack=0 volume=-12 lochan=10 hichan=10 tune=700
      """)
    let heard = (0..<16).map {
      SemanticsRig.tone(rig.strike(60, channel: UInt8($0)), among: [0, 7])
    }
    var expected = [Int?](repeating: nil, count: 16)
    expected[1] = 0
    expected[2] = 0
    expected[9] = 7
    #expect(heard == expected)
  }

  @Test("loccN/hiccN follow the controller's current value")
  func controllerRanges() throws {
    let rig = try SemanticsRig(
      """
      <group> amp_veltrack=0 volume=-12
      <region> sample=*sine locc1=0 hicc1=63 tune=0
      <region> sample=*sine locc1=64 hicc1=127 hicc20=99 tune=700
      """)
    #expect(SemanticsRig.tone(rig.strike(60), among: [0, 7]) == 0)
    let cases: [(UInt8, UInt8, Int?)] = [
      (1, 64, 7), (1, 63, 0), (1, 127, 7), (20, 100, nil), (20, 99, 7), (1, 0, 0),
    ]
    for (controller, value, tone) in cases {
      let out = rig.strike(60, before: [.controlChange(controller: controller, value: value)])
      #expect(SemanticsRig.tone(out, among: [0, 7]) == tone, "cc\(controller)=\(value)")
    }
    #expect(rig.report.diagnostics.isEmpty, "\(rig.report.diagnostics)")
  }

  @Test("set_ccN gives every channel its initial controller value")
  func initialController() throws {
    let rig = try SemanticsRig(
      """
      <control> set_cc1=100
      <group> amp_veltrack=0 volume=-12
      <region> sample=*sine locc1=0 hicc1=63 tune=0
      <region> sample=*sine locc1=64 hicc1=127 tune=700
      """)
    for channel: UInt8 in [0, 7, 15] {
      #expect(SemanticsRig.tone(rig.strike(60, channel: channel), among: [0, 7]) == 7)
    }
  }

  @Test("lobend/hibend, lochanaft/hichanaft and lopolyaft/hipolyaft")
  func bendAndPressure() throws {
    let rig = try SemanticsRig(
      """
      <group> amp_veltrack=0 volume=-12 bend_up=0 bend_down=0
      <region> sample=*sine key=60 lobend=-8192 hibend=0 tune=0
      <region> sample=*sine key=60 lobend=1 hibend=8192 tune=700
      <region> sample=*sine key=62 lochanaft=0 hichanaft=63 pitch_keycenter=62 tune=0
      <region> sample=*sine key=62 lochanaft=64 hichanaft=127 pitch_keycenter=62 tune=700
      <region> sample=*sine key=64 lopolyaft=0 hipolyaft=63 pitch_keycenter=64 tune=0
      <region> sample=*sine key=64 lopolyaft=64 hipolyaft=127 pitch_keycenter=64 tune=700
      """)
    func heard(_ key: UInt8, _ before: SamplerEvent) -> Int? {
      SemanticsRig.tone(rig.strike(key, before: [before]), key: Int(key), among: [0, 7])
    }
    #expect(heard(60, .pitchBend(value: 0)) == 0)
    #expect(heard(60, .pitchBend(value: 4000)) == 7)
    #expect(heard(60, .pitchBend(value: -4000)) == 0)
    #expect(heard(62, .channelPressure(pressure: 100)) == 7)
    #expect(heard(62, .channelPressure(pressure: 10)) == 0)
    #expect(heard(64, .polyPressure(key: 64, pressure: 90)) == 7)
    #expect(heard(64, .polyPressure(key: 65, pressure: 10)) == 7)
    #expect(heard(64, .polyPressure(key: 64, pressure: 10)) == 0)
  }
}
