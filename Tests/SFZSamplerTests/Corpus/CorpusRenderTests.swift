import AudioTestSupport
import Foundation
import MIDIFile
import SFZ
import SFZSampler
import SongPlayback
import Testing

/// Real instruments play real MIDI files: no NaN, no clipping at default gain, every note that
/// falls on a mapped key audible.
@Suite("Corpus instruments render", .enabled(if: TestData.exists(TestData.corpusInstruments)))
struct CorpusRenderTests {
  static let rate = 48_000.0
  /// Seconds of each song rendered: enough notes to exercise the instrument, quick in a debug build.
  static let seconds = 15.0

  struct Outcome {
    var left: [Float]
    var right: [Float]
    var onsets: [Int]  // frames of note-ons on mapped keys
    var unplayed: Int
    var report: InstrumentReport
  }

  private func render(_ instrument: String, _ song: String, transpose: Int = 0) throws -> Outcome {
    let sampler = Sampler(sampleRate: Self.rate, maximumPolyphony: 256)
    let report = try sampler.loadInstrument(
      url: TestData.corpusInstruments.appendingPathComponent(instrument))
    let midi = try MIDIFile(contentsOf: TestData.corpusMIDI.appendingPathComponent(song))
    let frames = Int(Self.seconds * Self.rate)
    let keys = report.keyRange ?? 0...(-1)
    let onsets: [Int] = midi.events.compactMap { event in
      guard case .noteOn(_, let note, _) = event.message else { return nil }
      let frame = event.frame(atSampleRate: Self.rate)
      return frame < frames - 4_800 && keys.contains(Int(note) + transpose) ? frame : nil
    }
    let schedule = EventSchedule.make(song: midi, sampleRate: Int(Self.rate), transpose: transpose)
      .filter { $0.frame < frames - 4_800 }
    var left: [Float] = []
    var right: [Float] = []
    SongRenderer(sampler: sampler).render(
      schedule, tailFrames: frames - EventCursor(schedule).endFrame
    ) { block in
      left.append(contentsOf: block.left)
      right.append(contentsOf: block.right)
      return true
    }
    return Outcome(
      left: left, right: right, onsets: onsets, unplayed: sampler.unplayedNoteCount, report: report)
  }

  private func check(_ outcome: Outcome, _ name: String) {
    let all = outcome.left + outcome.right
    #expect(!all.contains { !$0.isFinite }, "\(name): NaN or infinity")
    let peak = Measure.peak(all[...])
    #expect(peak <= 1.0, "\(name): peak \(Measure.dB(Double(peak))) dBFS clips")
    #expect(!outcome.onsets.isEmpty, "\(name): the song plays mapped keys")
    let silent = outcome.onsets.filter { onset in
      Measure.rmsDB(outcome.left[onset..<min(onset + 2_400, outcome.left.count)]) < -70
    }
    #expect(silent.isEmpty, "\(name): notes without sound at frames \(silent.prefix(10))")
    print(
      "corpus render \(name): \(outcome.onsets.count) notes, peak \(Measure.dB(Double(peak))) dBFS, "
        + "\(outcome.report.regionCount) regions, \(outcome.report.diagnostics.count) diagnostics")
  }

  @Test(
    "the E-Pianos play a Bach chorale and Joplin",
    arguments: [
      ("GregSullivan.E-Pianos/CP80/CP80.sfz", "m21_joplin_maple_leaf_rag_piano.mid"),
      ("GregSullivan.E-Pianos/Wurlitzer EP200/Wurlitzer EP200.sfz", "m21_bach_bwv66.6_chorale.mid"),
      ("GregSullivan.E-Pianos/Pianet T/Pianet T.sfz", "m21_mozart_k545_mvt1_excerpt_piano.mid"),
    ])
  func ePianos(instrument: String, song: String) throws {
    let outcome = try render(instrument, song)
    check(outcome, instrument)
    #expect(outcome.unplayed == 0, "every note found a region")
  }

  @Test("the ganjo plays a chorale (an octave down, into its range)")
  func ganjo() throws {
    let outcome = try render("ganjo/ganjo.sfz", "m21_bach_bwv66.6_chorale.mid", transpose: -12)
    check(outcome, "ganjo")
  }

  /// The cabasa maps keys 69 and 70 only (GM cabasa and maracas); the scale's A (69) reaches it.
  @Test("the cabasa plays its key from a real MIDI file")
  func cabasa() throws {
    let outcome = try render("kinwie.dim-cabasa/Dim Cabasa.sfz", "jazzsoft_test-c-major-scale.mid")
    check(outcome, "cabasa")
  }

  @Test("the Discord GM bank plays a GM song; each missing sample is reported once with its line")
  func discordBank() throws {
    let outcome = try render(
      "Discord-SFZ-GM-Bank/Discord GM/Discord GM Bank.sfz", "freedoom_d_intro_7s_gm_drums.mid")
    let all = outcome.left + outcome.right
    #expect(!all.contains { !$0.isFinite })
    #expect(Measure.peak(all[...]) <= 1.0, "no clipping at default gain")
    let missing = outcome.report.diagnostics.filter { $0.message.contains("not found") }
    let paths = missing.compactMap { $0.message.split(separator: "'").dropFirst().first }
    #expect(missing.count > 300, "the bank lacks most of its samples")
    #expect(Set(paths).count == paths.count, "each missing sample once")
    #expect(missing.allSatisfy { $0.line > 0 && $0.file.hasSuffix(".sfz") }, "with file and line")
  }
}
