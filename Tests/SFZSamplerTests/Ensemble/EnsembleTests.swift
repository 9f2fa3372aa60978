import AudioTestSupport
import Foundation
import SFZSampler
import Testing

/// A multi-timbral ensemble: each channel plays the instrument its bank and program choose,
/// General MIDI's channel 10 plays drum kits, and the channels' stems add up to the mix.
/// The instruments are `*sine` generators an octave apart, so which one plays is a pitch:
/// "piano" A4 at 440 Hz, "bass" (`transpose=-12`) at 220 Hz, "kit" (`transpose=12`) at 880 Hz
/// (corpus/spec sfzformat/docs/opcodes/transpose.md: transposition in semitones).
@Suite("Ensemble")
struct EnsembleTests {
  static let rate = 48_000.0
  /// A tone's amplitude measured where it does not sound: the rectangular window's leakage from
  /// a 0.5-amplitude tone an octave or more away stays below this over windows of 3,700 frames
  /// or more; a sounding tone measures 0.5.
  static let absent = 0.03

  /// A folder of three instruments, removed when the fixture goes.
  final class Band {
    let folder: URL
    /// Dry: these tests follow notes by their pitch and level, which the General MIDI reverb
    /// send (CC91 at 40 from power-on) would smear; EnsembleEffectsTests has the effects.
    let ensemble = {
      let ensemble = Ensemble(sampleRate: EnsembleTests.rate, maximumFrames: 256)
      ensemble.generalMIDISends = false
      return ensemble
    }()
    let piano: EnsembleInstrument
    let bass: EnsembleInstrument
    let kit: EnsembleInstrument

    init() throws {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("ensemble-\(UUID().uuidString)")
      self.folder = folder
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      func write(_ name: String, _ text: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
      }
      // set_cc7=127: unity channel volume, so levels read as written
      let release = "ampeg_release=0.005"
      piano = try ensemble.instrument(
        at: write("piano.sfz", "<control> set_cc7=127\n<region> sample=*sine \(release)\n"))
      bass = try ensemble.instrument(
        at: write(
          "bass.sfz", "<control> set_cc7=127\n<region> sample=*sine transpose=-12 \(release)\n"))
      kit = try ensemble.instrument(
        at: write(
          "kit.sfz", "<control> set_cc7=127\n<region> sample=*sine transpose=12 \(release)\n"))
      ensemble.setProgram(0, to: piano)
      ensemble.setProgram(33, to: bass)
      ensemble.setProgram(0, drums: true, to: kit)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Renders `frames` frames in blocks of 256 with `events` (absolute frames), on `renderer`'s
    /// threads when given: the mix, the 16 stems and the channels that sounded.
    func render(
      _ frames: Int, _ events: [SamplerEvent], on renderer: OfflineEnsembleRenderer? = nil
    ) -> Render {
      var result = Render(frames: frames)
      let block = 256
      let stemLeft = (0..<16).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: block) }
      let stemRight = (0..<16).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: block) }
      defer { (stemLeft + stemRight).forEach { $0.deallocate() } }
      let stems = StemBuffers(left: stemLeft, right: stemRight)
      var left = [Float](repeating: 0, count: block)
      var right = left
      var start = 0
      while start < frames {
        let n = min(block, frames - start)
        let inBlock = events.filter { $0.frame >= start && $0.frame < start + n }.map {
          var local = $0
          local.frame -= start
          return local
        }
        let sounded = inBlock.withUnsafeBufferPointer {
          if let renderer {
            renderer.render(frameCount: n, events: $0, left: &left, right: &right, stems: stems)
          } else {
            ensemble.render(frameCount: n, events: $0, left: &left, right: &right, stems: stems)
          }
        }
        result.sounded.formUnion(sounded)
        for i in 0..<n {
          result.left[start + i] = left[i]
          result.right[start + i] = right[i]
          for c in 0..<16 {
            result.stemLeft[c][start + i] = stemLeft[c][i]
            result.stemRight[c][start + i] = stemRight[c][i]
          }
        }
        start += n
      }
      return result
    }
  }

  struct Render {
    var left: [Float]
    var right: [Float]
    var stemLeft: [[Float]]
    var stemRight: [[Float]]
    var sounded: ChannelSet = []

    init(frames: Int) {
      left = [Float](repeating: 0, count: frames)
      right = left
      stemLeft = [[Float]](repeating: left, count: 16)
      stemRight = stemLeft
    }

    func amplitude(channel: Int? = nil, hertz: Double, in range: Range<Int>) -> Double {
      Measure.toneAmplitude(
        channel.map { stemLeft[$0] } ?? left, frequency: hertz, sampleRate: EnsembleTests.rate,
        in: range)
    }
  }

  @Test("each channel plays what its program chooses, channel 10 a drum kit, on their frames")
  func programsChooseInstruments() throws {
    let band = try Band()
    let out = band.render(
      9_600,
      [
        .noteOn(key: 69, velocity: 127, channel: 0, frame: 1_000),
        .programChange(program: 33, channel: 1, frame: 0),
        .noteOn(key: 69, velocity: 127, channel: 1, frame: 2_000),
        .noteOn(key: 69, velocity: 127, channel: 9, frame: 3_000),
      ])
    #expect(
      out.sounded == [ChannelSet(channel: 0), ChannelSet(channel: 1), ChannelSet(channel: 9)])
    for (channel, onset, hertz) in [(0, 1_000, 440.0), (1, 2_000, 220.0), (9, 3_000, 880.0)] {
      // a *sine starts at phase 0: silent up to its frame, sounding from the one after
      #expect(Measure.onset(out.stemLeft[channel]) == onset + 1, "channel \(channel + 1)")
      let measured = Measure.frequency(
        out.stemLeft[channel], sampleRate: Self.rate, in: (onset + 500)..<9_600)
      #expect(abs(Measure.cents(measured, from: hertz)) < 1, "channel \(channel + 1): \(measured)")
    }
    // the stems add up to the mix, channel by channel
    var worst: Float = 0
    for frame in 0..<9_600 {
      let sum = out.stemLeft[0][frame] + out.stemLeft[1][frame] + out.stemLeft[9][frame]
      worst = max(worst, abs(sum - out.left[frame]))
    }
    #expect(worst <= 1e-6, "\(worst)")
  }

  @Test("a key struck again after a program change ends its note on the old program")
  func sameKeyAfterProgramChange() throws {
    let band = try Band()
    let out = band.render(
      19_200,
      [
        .noteOn(key: 69, velocity: 127, channel: 0, frame: 0),
        .programChange(program: 33, channel: 0, frame: 4_800),
        .noteOn(key: 69, velocity: 127, channel: 0, frame: 4_800),
        .noteOff(key: 69, channel: 0, frame: 14_400),
      ])
    #expect(out.amplitude(hertz: 440, in: 1_000..<4_700) > 0.2)
    #expect(out.amplitude(hertz: 220, in: 1_000..<4_700) < Self.absent)
    // the one key holds one note: the piano's releases (5 ms), the bass's plays to its note-off
    #expect(out.amplitude(hertz: 440, in: 6_000..<14_000) < Self.absent)
    #expect(out.amplitude(hertz: 220, in: 6_000..<14_000) > 0.2)
    #expect(out.amplitude(hertz: 220, in: 15_000..<19_200) < Self.absent)
  }

  @Test("a note sounding at a program change rings out on the old program until its note-off")
  func heldNoteKeepsItsProgram() throws {
    let band = try Band()
    let out = band.render(
      24_000,
      [
        .noteOn(key: 69, velocity: 127, channel: 0, frame: 0),
        .programChange(program: 33, channel: 0, frame: 4_800),
        .noteOn(key: 64, velocity: 127, channel: 0, frame: 4_800),
        .noteOff(key: 69, channel: 0, frame: 14_400),
        .noteOff(key: 64, channel: 0, frame: 19_200),
      ])
    // key 69 on the piano goes on at 440 Hz after the change; key 64 plays the bass, an
    // octave below E4 (164.8 Hz)
    #expect(out.amplitude(hertz: 440, in: 6_000..<14_000) > 0.2)
    #expect(out.amplitude(hertz: 164.81, in: 6_000..<14_000) > 0.2)
    #expect(out.amplitude(hertz: 164.81, in: 1_000..<4_700) < Self.absent)
    // its note-off reached the piano: after the release (5 ms) only the bass sounds
    #expect(out.amplitude(hertz: 440, in: 15_000..<19_000) < Self.absent)
    #expect(out.amplitude(hertz: 164.81, in: 15_000..<19_000) > 0.2)
  }

  @Test("a channel keeps its controllers across a program change")
  func controllersSurviveProgramChanges() throws {
    let band = try Band()
    // volume 64 then a change to the bass: the bass note plays at (64/127)² of full scale by
    // the squared law of CC7 (General MIDI's recommended volume curve, which README's power-on
    // note follows), -11.9 dB
    let out = band.render(
      9_600,
      [
        .controlChange(controller: 7, value: 64, channel: 0, frame: 0),
        .programChange(program: 33, channel: 0, frame: 100),
        .noteOn(key: 69, velocity: 127, channel: 0, frame: 200),
      ])
    let level = Measure.dB(out.amplitude(hertz: 220, in: 2_000..<9_600))
    let full = try Band().render(
      9_600,
      [
        .programChange(program: 33, channel: 0, frame: 100),
        .noteOn(key: 69, velocity: 127, channel: 0, frame: 200),
      ])
    let reference = Measure.dB(full.amplitude(hertz: 220, in: 2_000..<9_600))
    #expect(abs(level - reference - 40 * log10(64.0 / 127)) < 0.05, "\(level - reference) dB")
  }

  @Test("bank select chooses among banks; a program with no instrument is silent and counted")
  func bankSelectAndUnrouted() throws {
    let band = try Band()
    band.ensemble.setProgram(5, bank: 8, to: band.kit)
    let out = band.render(
      9_600,
      [
        .controlChange(controller: 0, value: 8, channel: 2, frame: 0),
        .programChange(program: 5, channel: 2, frame: 0),
        .noteOn(key: 69, velocity: 127, channel: 2, frame: 500),
        .programChange(program: 50, channel: 3, frame: 0),
        .noteOn(key: 69, velocity: 127, channel: 3, frame: 500),
      ])
    #expect(out.amplitude(channel: 2, hertz: 880, in: 1_000..<9_600) > 0.2)
    #expect(Measure.peak(out.stemLeft[3][...]) == 0)
    #expect(band.ensemble.unroutedNotes(channel: 3) == 1)
    #expect(band.ensemble.unroutedNotes(channel: 2) == 0)
  }

  @Test("an instrument several channels or paths use is loaded once")
  func loadedOnce() throws {
    let band = try Band()
    let again = try band.ensemble.instrument(at: band.piano.url)
    let link = band.folder.appendingPathComponent("my piano.sfz")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: band.piano.url)
    let linked = try band.ensemble.instrument(at: link)
    #expect(again === band.piano && linked === band.piano)
    #expect(band.ensemble.instruments.count == 3)
  }

  @Test("a channel's level and pan scale its stem and the mix alike")
  func channelLevel() throws {
    let band = try Band()
    band.ensemble.setChannelLevel(0, decibels: -6, pan: 1)
    let out = band.render(4_800, [.noteOn(key: 69, velocity: 127, channel: 0, frame: 0)])
    let plain = try Band().render(4_800, [.noteOn(key: 69, velocity: 127, channel: 0, frame: 0)])
    let left = Measure.peak(out.stemLeft[0][1_000...])
    let right = Measure.dB(
      Double(Measure.peak(out.stemRight[0][1_000...]) / Measure.peak(plain.stemRight[0][1_000...])))
    // hard right: nothing on the left; the right at -6 dB + 3 dB of the constant-power law
    #expect(left < 1e-6)
    #expect(abs(right - (-6 + Measure.dB(2.0.squareRoot()))) < 0.01, "\(right) dB")
  }

  @Test("on several threads, an ensemble renders the same bits", arguments: [2, 4])
  func severalThreadsSameBits(threads: Int) throws {
    let events: [SamplerEvent] = [
      .programChange(program: 33, channel: 1, frame: 0),
      .noteOn(key: 60, velocity: 100, channel: 0, frame: 10),
      .noteOn(key: 40, velocity: 90, channel: 1, frame: 300),
      .noteOn(key: 36, velocity: 110, channel: 9, frame: 700),
      .controlChange(controller: 7, value: 90, channel: 0, frame: 900),
      .noteOff(key: 60, channel: 0, frame: 3_000),
    ]
    let serial = try Band().render(9_600, events)
    let band = try Band()
    let renderer = try OfflineEnsembleRenderer(ensemble: band.ensemble, threads: threads)
    let parallel = band.render(9_600, events, on: renderer)
    #expect(parallel.left == serial.left && parallel.right == serial.right)
    #expect(parallel.stemLeft == serial.stemLeft && parallel.stemRight == serial.stemRight)
    #expect(parallel.sounded == serial.sounded)
    #expect(Measure.peak(serial.left[...]) > 0.1)
  }

  @Test("the caller's work runs once per render call, while the workers render")
  func alongsideRunsOnce() throws {
    let band = try Band()
    let renderer = try OfflineEnsembleRenderer(ensemble: band.ensemble, threads: 2)
    var left = [Float](repeating: 0, count: 256)
    var right = left
    var runs = 0
    let chord: [SamplerEvent] = [
      .noteOn(key: 60, velocity: 100, channel: 0, frame: 0),
      .noteOn(key: 40, velocity: 100, channel: 1, frame: 0),
    ]
    for call in 0..<20 {
      let events = call == 0 ? chord : []
      _ = events.withUnsafeBufferPointer {
        renderer.render(frameCount: 256, events: $0, left: &left, right: &right) { runs += 1 }
      }
      #expect(runs == call + 1)
    }
    // a call of no frames and no events still runs it
    _ = [SamplerEvent]().withUnsafeBufferPointer {
      renderer.render(frameCount: 0, events: $0, left: &left, right: &right) { runs += 1 }
    }
    #expect(runs == 21)
  }

  @Test("an ensemble renderer of 0 or too many threads is refused")
  func threadCountChecked() throws {
    let band = try Band()
    #expect(throws: OfflineRendererError.threadCountOutOfRange(0)) {
      try OfflineEnsembleRenderer(ensemble: band.ensemble, threads: 0)
    }
    let tooMany = OfflineRenderer.maximumThreads + 1
    #expect(throws: OfflineRendererError.threadCountOutOfRange(tooMany)) {
      try OfflineEnsembleRenderer(ensemble: band.ensemble, threads: tooMany)
    }
  }

  @Test("rendering allocates nothing")
  func renderAllocatesNothing() throws {
    guard ThreadAllocations.isAvailable else { return }
    let band = try Band()
    var left = [Float](repeating: 0, count: 256)
    var right = left
    let events: [SamplerEvent] = [
      .programChange(program: 33, channel: 1, frame: 0),
      .noteOn(key: 60, velocity: 100, channel: 0, frame: 10),
      .noteOn(key: 40, velocity: 100, channel: 1, frame: 20),
      .noteOn(key: 36, velocity: 100, channel: 9, frame: 30),
      .controlChange(controller: 7, value: 90, channel: 0, frame: 40),
    ]
    // the first call may take the instruments' hand-over; count the ones after
    _ = events.withUnsafeBufferPointer {
      band.ensemble.render(frameCount: 256, events: $0, left: &left, right: &right)
    }
    let count = ThreadAllocations.measure {
      events.withUnsafeBufferPointer { block in
        for _ in 0..<100 {
          band.ensemble.render(frameCount: 256, events: block, left: &left, right: &right)
        }
      }
    }
    #expect(count == 0)
    // on a renderer's threads too: the calling thread allocates nothing per call
    let renderer = try OfflineEnsembleRenderer(ensemble: band.ensemble, threads: 2)
    let work = {}
    let onThreads = ThreadAllocations.measure {
      events.withUnsafeBufferPointer { block in
        for _ in 0..<100 {
          renderer.render(
            frameCount: 256, events: block, left: &left, right: &right, alongside: work)
        }
      }
    }
    #expect(onThreads == 0)
  }
}
