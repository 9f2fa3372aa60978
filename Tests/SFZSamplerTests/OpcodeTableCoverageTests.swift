import SFZ
import Testing

@testable import SFZSampler

/// The opcode table against what the mapping reads, without the shared corpus: an opcode is
/// rendered (the mapping reads it), or not rendered for a reason `UnsupportedOpcodes` gives,
/// never both.
@Suite("Every opcode of the table is rendered or deliberately unsupported, not both")
struct OpcodeTableCoverageTests {
  /// Numbers for the patterns' placeholders that every family takes (controllers, bands,
  /// velocity points, modulators).
  static let ordinaryNumbers = [1, 2]
  /// Those and the edges: an extended source (128), ARIA's key delta 140 and one past every
  /// source, where the reasons for not rendering begin.
  static let allNumbers = ordinaryNumbers + [128, 140, 300]

  /// Each entry of the table as concrete canonical names, one per number.
  static func names(of entry: SFZOpcodeSpec, numbers: [Int]) -> Set<String> {
    Set(
      numbers.compactMap {
        SFZOpcodeTable.shared.lookup(MappingProbe.concrete(entry.pattern, number: $0))?
          .canonicalName
      })
  }

  @Test("no opcode is both read by the mapping and listed as unsupported")
  func neverBoth() {
    var both: [String] = []
    for entry in SFZOpcodeTable.shared.entries {
      for name in Self.names(of: entry, numbers: Self.allNumbers)
      where MappingProbe.reads(name) && UnsupportedOpcodes.reason(for: name) != nil {
        both.append(name)
      }
    }
    #expect(both.isEmpty, "read, and said not to be rendered: \(both.sorted())")
  }

  /// Many SFZ v2 and ARIA opcodes (the `<effect>` block's, the v2 modulators' lo-fi targets...) are
  /// neither: the loader says they are not rendered yet. Every SFZ v1 one is settled.
  @Test("every SFZ v1 opcode is read by the mapping or listed as unsupported")
  func everyV1OpcodeSettled() {
    var neither: [String] = []
    for entry in SFZOpcodeTable.shared.entries where entry.version == .v1 {
      for name in Self.names(of: entry, numbers: Self.ordinaryNumbers)
      where !MappingProbe.reads(name) && UnsupportedOpcodes.reason(for: name) == nil {
        neither.append(name)
      }
    }
    #expect(neither.isEmpty, "neither read nor listed: \(neither.sorted())")
  }

  /// The table's SFZ v2 and ARIA opcodes have no settled list to hold them to; these stand for
  /// their families.
  @Test("the mapping reads the v2 and ARIA opcodes it renders, and not the others")
  func readsWhatItRenders() {
    for name in [
      "cutoff2", "sustain_lo", "note_polyphony", "lohdcc1", "amplitude_oncc11", "lfo1_pitch",
      "eg1_time1", "ampeg_attack_oncc1", "noise_level", "noise_tone_oncc2", "phase",
      "lfo1_noiselevel", "eg2_resonance2", "lfo1_wave2", "lfo1_step1_oncc2", "eg1_points",
      "lfo2_freq_lfo1", "eg1_depthadd_lfo2", "var1_cutoff",
    ] {
      #expect(MappingProbe.reads(name), "\(name)")
    }
    for name in [
      "pan_random", "lfo1_decim", "amplitude_oncc300", "lfo2_depth_lfo1_oncc3", "reverb_wet",
    ] {
      #expect(!MappingProbe.reads(name), "\(name)")
    }
  }

  /// Settings the mapping uses only under a condition (a filter's type without its cutoff,
  /// sw_lolast beside sw_last) are still the region's: only opcodes it never reads are reported.
  @Test("the loader reports as not rendered exactly the opcodes the mapping did not read")
  func loaderReportsUnread() throws {
    let rig = try SemanticsRig(
      "<region> sample=*sine fil_type=hpf_2p resonance2=3 sw_last=c4 sw_lolast=d4 pan_random=10")
    let unrendered = rig.report.diagnostics.map(\.message).filter { $0.contains("not rendered") }
    #expect(unrendered == ["opcode 'pan_random' is not rendered yet; ignored"])
  }
}
