import AudioTestSupport
import CSndfile
import Foundation
import SFZSampler
import Testing

/// The code of the DocC articles (Sources/SFZSampler/SFZSampler.docc), compiled and run. Each
/// code block of an article appears here verbatim, inside a test that sets up the names the
/// article leaves to the reader (`instrumentURL`, `left`, ...) and measures what the article says
/// the code does. `everyCodeBlockOfTheArticlesIsHere` fails when a block is missing here, so an
/// article cannot drift from code that compiles and does what it says.
@Suite("Article snippets")
struct ArticleSnippetTests {
  static let keysURL = TestData.bundledInstruments.appendingPathComponent("keys/keys.sfz")

  // MARK: The articles' code blocks are all here

  /// Every fenced block of every article, whitespace at the ends of lines and blank lines aside,
  /// is a run of consecutive lines of this file. `import` lines of a block are left out (imports
  /// are at the top here), and so is the package manifest of "Getting started", which
  /// `scripts/check-version-consumer.sh` builds the equivalent of (`make test`).
  @Test func everyCodeBlockOfTheArticlesIsHere() throws {
    let catalog = TestData.packageRoot.appendingPathComponent("Sources/SFZSampler/SFZSampler.docc")
    var articles: [String] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: catalog.path).sorted()
    where name.hasSuffix(".md") {
      let text = try String(contentsOf: catalog.appendingPathComponent(name), encoding: .utf8)
      // the pages of symbols are titled with a symbol link ("# ``SFZSampler``"): not articles
      if !text.hasPrefix("# ``") { articles.append(name) }
    }
    #expect(
      articles == [
        "GettingStarted.md", "LoadingSamplesAndInstruments.md", "MPEAndMicrotuning.md",
        "ParametersPresetsAndState.md", "RealTimeRules.md", "WholeSongs.md",
      ])
    let here = Self.normalized(try String(contentsOfFile: #filePath, encoding: .utf8))
    for article in articles {
      let text = try String(
        contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
      let blocks = Self.codeBlocks(text).filter { !$0.contains("// swift-tools-version") }
      #expect(!blocks.isEmpty, "\(article) has no code block")
      for block in blocks {
        let lines = Self.normalized(block).filter { !$0.hasPrefix("import ") }
        let found = (0...max(here.count - lines.count, 0)).contains {
          here[$0..<min($0 + lines.count, here.count)].elementsEqual(lines)
        }
        #expect(found, "\(article): this code block is not in ArticleSnippetTests.swift:\n\(block)")
      }
    }
  }

  /// The contents of the fenced code blocks of Markdown `text`.
  static func codeBlocks(_ text: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if let lines = current { blocks.append(lines.joined(separator: "\n")) }
        current = current == nil ? [] : nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  static func normalized(_ text: String) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  // MARK: Playing whole songs

  /// A bank folder of `*sine` programs an octave apart (corpus/spec sfzformat/docs/opcodes/
  /// transpose.md), loaded as the article does: each channel plays its program, channel 10 the
  /// kit, and looking a program up in the bank finds the instrument already loaded.
  @Test func wholeSongsLoadsABandFromABank() throws {
    let bankFolder = FileManager.default.temporaryDirectory
      .appendingPathComponent("article-bank-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: bankFolder) }
    for (path, transpose) in [
      ("000/000_Piano.sfz", 0), ("000/033_Bass.sfz", -12), ("128/000_Standard.sfz", 12),
    ] {
      let url = bankFolder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try "<control> set_cc7=127\n<region> sample=*sine transpose=\(transpose)\n".write(
        to: url, atomically: true, encoding: .utf8)
    }
    let band = Ensemble(sampleRate: 48_000)
    let piano = try band.instrument(at: bankFolder.appendingPathComponent("000/000_Piano.sfz"))
    let bass = try band.instrument(at: bankFolder.appendingPathComponent("000/033_Bass.sfz"))
    let kit = try band.instrument(at: bankFolder.appendingPathComponent("128/000_Standard.sfz"))
    band.setProgram(0, to: piano)
    band.setProgram(33, to: bass)
    band.setProgram(0, drums: true, to: kit)

    let map = InstrumentMap(bank: try InstrumentBank(contentsOf: bankFolder))
    try band.preload(ProgramAddress(channel: 1, program: 33), from: map)
    #expect(band.instruments.count == 3, "the bass the bank names is the one loaded")

    let events: [SamplerEvent] = [
      .noteOn(key: 69, velocity: 127, channel: 0), .programChange(program: 33, channel: 1),
      .noteOn(key: 69, velocity: 127, channel: 1), .noteOn(key: 69, velocity: 127, channel: 9),
    ]
    var left = [Float](repeating: 0, count: 4_800)
    var right = left
    let sounded = events.withUnsafeBufferPointer {
      band.render(frameCount: 4_800, events: $0, left: &left, right: &right)
    }
    #expect(sounded == [ChannelSet(channel: 0), ChannelSet(channel: 1), ChannelSet(channel: 9)])
    for hertz in [440.0, 220, 880] {
      let amplitude = Measure.toneAmplitude(
        left, frequency: hertz, sampleRate: 48_000, in: 400..<4_800)
      #expect(amplitude > 0.2, "\(hertz) Hz at \(amplitude)")
    }
  }

  // MARK: Getting started

  /// Loads the bundled keys instrument, plays middle C held by the pedal, and renders it through
  /// the callback: the note sounds, at its pitch.
  @Test func gettingStartedLoadsPlaysAndRenders() throws {
    let instrumentURL = Self.keysURL
    let sampler = Sampler(sampleRate: 48_000, maximumPolyphony: 64)
    let report = try sampler.loadInstrument(url: instrumentURL)
    print("\(report.regionCount) regions over keys \(report.keyRange!)")
    for problem in report.diagnostics {
      print(problem)
    }
    #expect(report.diagnostics.isEmpty)
    #expect(report.keyRange == 36...96)

    sampler.play(noteNumber: 60, velocity: 100)
    sampler.controlChange(controller: 64, value: 127)  // sustain pedal down
    sampler.stop(noteNumber: 60)

    func renderAudio(
      frameCount: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>
    ) {
      sampler.render(frameCount: frameCount, left: left, right: right)
    }

    let frames = 48_000
    var left = [Float](repeating: 0, count: frames)
    var right = [Float](repeating: 0, count: frames)
    left.withUnsafeMutableBufferPointer { l in
      right.withUnsafeMutableBufferPointer { r in
        for start in stride(from: 0, to: frames, by: 256) {
          renderAudio(
            frameCount: min(256, frames - start), left: l.baseAddress! + start,
            right: r.baseAddress! + start)
        }
      }
    }
    // the pedal holds the released note: still sounding after a second
    #expect(Measure.dB(Double(Measure.peak(left[36_000...]))) > -40)
    // the strongest component near middle C, in cents from it: the fundamental, where the
    // zero crossings of this bright layer would count its overtones too
    let strongest = (-50...50).max { a, b in
      let tone = { (cents: Int) in
        Measure.toneAmplitude(
          left, frequency: 261.6256 * pow(2, Double(cents) / 1_200), sampleRate: 48_000,
          in: 24_000..<48_000)
      }
      return tone(a) < tone(b)
    }
    #expect(abs(try #require(strongest)) <= 5)
  }

  /// The second note of the block starts at frame 128: up to there the output is that of the
  /// first note alone, from there on it is not. "That of the first note alone" within 1e-6
  /// (-120 dBFS): the event ends a control chunk of the first note at frame 128 (its chunks run
  /// 112...127 here, 112...143 alone), and the gain ramped across that chunk aims at the
  /// envelope's level at the chunk's end, so its step differs in the last bits (-4.31668e-6
  /// against -4.31621e-6 per frame) and a frame or two before 128 may differ by a rounding.
  @Test func gettingStartedPlacesEventsOnTheirFrames() throws {
    func renderEvents(
      _ sampler: Sampler, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>
    ) {
      let events: [SamplerEvent] = [
        .noteOn(key: 64, velocity: 90, frame: 0),
        .noteOn(key: 67, velocity: 90, frame: 128),
      ]
      events.withUnsafeBufferPointer { events in
        sampler.render(frameCount: 256, events: events, left: left, right: right)
      }
    }
    let both = try renderKeys { renderEvents($0, left: $1, right: $2) }
    let alone = try renderKeys { sampler, left, right in
      [SamplerEvent.noteOn(key: 64, velocity: 90)].withUnsafeBufferPointer {
        sampler.render(frameCount: 256, events: $0, left: left, right: right)
      }
    }
    #expect(Measure.peak(both[..<128]) > 0.001)
    #expect(zip(both[..<128], alone[..<128]).allSatisfy { abs($0 - $1) <= 1e-6 })
    #expect(both[128] != alone[128] || both[129] != alone[129])
  }

  /// One block of 256 frames from a fresh sampler with the keys instrument; the left channel.
  private func renderKeys(
    _ body: (Sampler, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) -> Void
  ) throws -> [Float] {
    let sampler = Sampler()
    try sampler.loadInstrument(url: Self.keysURL)
    var left = [Float](repeating: 0, count: 256)
    var right = [Float](repeating: 0, count: 256)
    left.withUnsafeMutableBufferPointer { l in
      right.withUnsafeMutableBufferPointer { r in body(sampler, l.baseAddress!, r.baseAddress!) }
    }
    return left
  }

  // MARK: Loading samples and SFZ instruments

  /// The article's sampler: a second of a sine at middle C mapped over keys 48...71.
  static func sineKeyMap() throws -> Sampler {
    let sampler = Sampler()
    let c4 = SampleDescriptor(
      noteNumber: 60, noteFrequency: 261.63, minimumNoteNumber: 48, maximumNoteNumber: 71,
      minimumVelocity: -1, maximumVelocity: -1, isLooping: false, loopStartPoint: 0,
      loopEndPoint: 0, startPoint: 0, endPoint: 0)
    let frames = 48_000
    let sine = (0..<frames).map { Float(0.5 * sin(2 * Double.pi * 261.63 * Double($0) / 48_000)) }
    try sampler.loadRawSampleData(
      from: SampleDataDescriptor(
        sampleDescriptor: c4, sampleRate: 48_000, isInterleaved: true, channelCount: 1,
        sampleCount: frames, data: sine))
    sampler.buildKeyMap()
    return sampler
  }

  /// G4 plays the middle-C sine a fifth up, at G4's equal-tempered pitch; a key outside the
  /// descriptor's range plays nothing.
  @Test func rawSampleDataPlaysItsKeyRange() throws {
    let sampler = try Self.sineKeyMap()
    sampler.play(noteNumber: 67, velocity: 100)
    let played = sampler.renderFrames(24_000).left
    let hertz = Measure.frequency(played, sampleRate: 48_000, in: 1_000..<24_000)
    #expect(abs(Measure.cents(hertz, from: 391.9954)) < 1)

    sampler.stop(noteNumber: 67)
    _ = sampler.renderFrames(4_800)
    sampler.play(noteNumber: 72, velocity: 100)
    #expect(Measure.peak(sampler.renderFrames(4_800).left[...]) == 0)
    #expect(sampler.unplayedNoteCount == 1)
  }

  /// A WAV file on key 36 and a WavPack file (the keys instrument's softest C4) on C4: both
  /// sound, the C4 at its pitch, and neither needed repairs.
  @Test func audioFilesLoadAndPlay() throws {
    let sampler = Sampler()
    let samples = TestData.bundledInstruments
    let kickPath = samples.appendingPathComponent("drums/samples/kick.wav").path
    let wavPackPath = samples.appendingPathComponent("keys/samples/c4_v1.wv").path
    let c4 = SampleDescriptor(
      noteNumber: 60, noteFrequency: 261.63, minimumNoteNumber: 48, maximumNoteNumber: 71,
      minimumVelocity: -1, maximumVelocity: -1, isLooping: false, loopStartPoint: 0,
      loopEndPoint: 0, startPoint: 0, endPoint: 0)
    let kick = SampleDescriptor(
      noteNumber: 36, noteFrequency: 65.41, minimumNoteNumber: 36, maximumNoteNumber: 36,
      minimumVelocity: -1, maximumVelocity: -1, isLooping: false, loopStartPoint: 0,
      loopEndPoint: 0, startPoint: 0, endPoint: 0)
    let repairs = try sampler.loadAudioFile(from: kick, path: kickPath)
    for repair in repairs {
      print(repair)
    }
    try sampler.loadCompressedSampleFile(
      from: SampleFileDescriptor(sampleDescriptor: c4, path: wavPackPath))
    sampler.buildKeyMap()
    #expect(repairs.isEmpty)

    sampler.play(noteNumber: 36, velocity: 127)
    #expect(Measure.dB(Double(Measure.peak(sampler.renderFrames(4_800).left[...]))) > -30)
    sampler.stop(noteNumber: 36)
    _ = sampler.renderFrames(48_000)
    sampler.play(noteNumber: 60, velocity: 100)
    let c4Played = sampler.renderFrames(48_000).left
    let hertz = Measure.frequency(c4Played, sampleRate: 48_000, in: 24_000..<48_000)
    #expect(abs(Measure.cents(hertz, from: 261.6256)) < 10)
  }

  /// Three sines on C3, C4 and C5, mapped by nearest root: E4 plays the C4 sample and B4-flat
  /// the C5 one, each at its own key's pitch.
  @Test func simpleKeyMapPlaysTheNearestRoot() throws {
    let fixtures = try DecodingFixtures()
    let samplesFolder = fixtures.folder.path
    for root in [48, 60, 72] {
      let hertz = 440 * pow(2, Double(root - 69) / 12)
      let tone = Synth.sine(frequency: hertz, sampleRate: 48_000, frames: 48_000)
      _ = try fixtures.writeFloat(
        "\(root).wav", values: tone, channels: 1, format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT),
        sampleRate: 48_000)
    }
    let sampler = Sampler()
    for root in [48, 60, 72] {
      let hertz = 440 * pow(2, Double(root - 69) / 12)
      let descriptor = SampleDescriptor(
        noteNumber: root, noteFrequency: Float(hertz), minimumNoteNumber: -1,
        maximumNoteNumber: -1, minimumVelocity: -1, maximumVelocity: -1, isLooping: false,
        loopStartPoint: 0, loopEndPoint: 0, startPoint: 0, endPoint: 0)
      try sampler.loadAudioFile(from: descriptor, path: "\(samplesFolder)/\(root).wav")
    }
    sampler.buildSimpleKeyMap()

    for (key, hertz) in [(UInt8(64), 329.6276), (70, 466.1638)] {
      sampler.play(noteNumber: key, velocity: 100)
      let played = sampler.renderFrames(12_000).left
      sampler.stop(noteNumber: key)
      _ = sampler.renderFrames(4_800)
      let measured = Measure.frequency(played, sampleRate: 48_000, in: 1_000..<12_000)
      #expect(abs(Measure.cents(measured, from: hertz)) < 1, "key \(key)")
    }
  }

  /// The bundled keys instrument loads clean: every region, and no diagnostic.
  @Test func sfzLoadReportsWhatItLoaded() throws {
    let sampler = Sampler()
    let instrumentURL = Self.keysURL
    let report = try sampler.loadInstrument(url: instrumentURL)
    print("\(report.regionCount) regions, \(report.sampleCount) samples")
    print("\(report.sampleBytes >> 20) MB of samples, loaded in \(report.loadSeconds) s")
    for diagnostic in report.diagnostics {
      print(diagnostic)
    }
    #expect(report.regionCount > 0 && report.sampleCount > 0 && report.sampleBytes > 0)
    #expect(report.diagnostics.isEmpty)
  }

  /// An instrument with an unknown opcode loads with a warning, and strict loading refuses it
  /// with the file and line of the opcode, leaving the sampler as it was.
  @Test func strictLoadingRefusesAnyProblem() throws {
    let fixtures = try DecodingFixtures()
    let instrumentURL = fixtures.folder.appendingPathComponent("odd.sfz")
    try "<region> sample=*sine\n<region> sample=*sine key=72 no_such_opcode=1\n"
      .write(to: instrumentURL, atomically: true, encoding: .utf8)
    let sampler = Sampler()
    #expect(try sampler.loadInstrument(url: instrumentURL).diagnostics.count == 1)
    sampler.unloadAllSamples()

    do {
      try sampler.loadInstrument(url: instrumentURL, strict: true)
    } catch {
      print(error)
    }
    #expect {
      try sampler.loadInstrument(url: instrumentURL, strict: true)
    } throws: { error in
      "\(error)".contains("odd.sfz:2:") && "\(error)".contains("no_such_opcode")
    }
    sampler.play(noteNumber: 72, velocity: 100)
    #expect(Measure.peak(sampler.renderFrames(2_400).left[...]) == 0)
  }

  /// After an unload and a render call that lets the fade finish, the instrument is freed and
  /// the sampler holds no sample memory.
  @Test func unloadingGivesTheMemoryBack() throws {
    let sampler = Sampler()
    try sampler.loadInstrument(url: Self.keysURL)
    sampler.play(noteNumber: 60, velocity: 100)
    _ = sampler.renderFrames(2_400)
    sampler.unloadAllSamples()
    _ = sampler.renderFrames(2_400)
    let freed = sampler.freeRetiredInstruments()
    print("\(freed) instruments freed")
    #expect(freed == 1)
    #expect(sampler.streamingStatistics.residentSampleBytes == 0)
    #expect(sampler.activeVoices == 0)
  }

  /// The keys instrument is far below the budget, so it is held whole; streamed whatever its
  /// size and rendered offline, it sounds the same, bit for bit, as held in memory.
  @Test func streamingSettingsAndOfflineRendering() throws {
    let libraryURL = Self.keysURL
    let settings = StreamingSettings(preloadFrames: 32_768, memoryBudget: 256 << 20)
    let streamingSampler = Sampler(maximumPolyphony: 256, streaming: settings)
    let libraryReport = try streamingSampler.loadInstrument(url: libraryURL)
    print("\(libraryReport.streamedSampleCount) of \(libraryReport.sampleCount) samples stream")
    #expect(libraryReport.streamedSampleCount == 0)

    let bounce = Sampler(streaming: StreamingSettings(mode: .always))
    bounce.isRenderingOffline = true
    try bounce.loadInstrument(url: libraryURL)
    print(bounce.streamingStatistics)
    #expect(bounce.streamingStatistics.streamedSamples > 0)

    let inMemory = Sampler(streaming: StreamingSettings(mode: .never))
    try inMemory.loadInstrument(url: libraryURL)
    for sampler in [bounce, inMemory] { sampler.play(noteNumber: 60, velocity: 100) }
    let streamed = bounce.renderFrames(96_000).left
    #expect(Measure.peak(streamed[...]) > 0.01)
    #expect(streamed == inMemory.renderFrames(96_000).left)
  }

  // MARK: Real-time rules

  /// The callback allocates nothing once running, and the note starts on its frame.
  @Test func audioCallbackIsAllocationFreeAndFrameExact() throws {
    let callback = AudioCallback(sampler: try Self.sineKeyMap())
    var left = [Float](repeating: 0, count: 256)
    var right = [Float](repeating: 0, count: 256)
    let notes: [(frame: Int, key: UInt8, velocity: UInt8)] = [(frame: 100, key: 60, velocity: 100)]
    var allocations = -1
    left.withUnsafeMutableBufferPointer { l in
      right.withUnsafeMutableBufferPointer { r in
        notes.withUnsafeBufferPointer { notes in
          let none = UnsafeBufferPointer<(frame: Int, key: UInt8, velocity: UInt8)>(
            start: nil, count: 0)
          callback.render(
            frameCount: 256, notes: none, left: l.baseAddress!, right: r.baseAddress!)
          allocations = ThreadAllocations.measure {
            callback.render(
              frameCount: 256, notes: notes, left: l.baseAddress!, right: r.baseAddress!)
          }
        }
      }
    }
    if ThreadAllocations.isAvailable { #expect(allocations == 0) }
    #expect(Measure.onset(left) == 101)  // the sine starts at phase 0: frame 100 is a zero
    #expect(left[..<100].allSatisfy { $0 == 0 })
  }

  /// Events sent from a control thread apply at the first frame of the next render call: the
  /// note sounds 50 cents sharp from the start.
  @Test func eventsFromOtherThreadsApplyAtTheNextRenderCall() throws {
    let sampler = try Self.sineKeyMap()
    sampler.play(noteNumber: 60, velocity: 100, noteID: 7)
    sampler.send(.notePitch(noteID: 7, cents: 50))
    sampler.send(.tempo(bpm: 96))
    let played = sampler.renderFrames(24_000).left
    let hertz = Measure.frequency(played, sampleRate: 48_000, in: 0..<24_000)
    #expect(abs(Measure.cents(hertz, from: 261.6256 * pow(2, 50.0 / 1_200))) < 1)
  }

  // MARK: MPE and microtuning

  /// One block of `frames` frames from `sampler`, `body` given the buffers; both channels.
  private func renderBlock(
    _ frames: Int,
    _ body: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) throws -> Void
  ) rethrows -> (left: [Float], right: [Float]) {
    var left = [Float](repeating: 0, count: frames)
    var right = [Float](repeating: 0, count: frames)
    try left.withUnsafeMutableBufferPointer { l in
      try right.withUnsafeMutableBufferPointer { r in try body(l.baseAddress!, r.baseAddress!) }
    }
    return (left, right)
  }

  /// Two notes on one channel, panned apart: the left one (C4) stays put, the right one (E4)
  /// is 13.7 cents flat after its pitch event (per-note expression, README "Per-note
  /// expression").
  @Test func perNoteExpressionMovesOneNote() throws {
    let sampler = try Self.sineKeyMap()
    let (left, right) = renderBlock(24_000) { left, right in
      let events: [SamplerEvent] = [
        .noteOn(key: 60, velocity: 100, noteID: 1),
        .notePan(noteID: 1, pan: -1),
        .noteOn(key: 64, velocity: 100, noteID: 2),
        .notePan(noteID: 2, pan: 1),
        .notePitch(noteID: 2, cents: -13.7, frame: 480),
      ]
      events.withUnsafeBufferPointer { events in
        sampler.render(frameCount: 24_000, events: events, left: left, right: right)
      }
    }
    let c4 = Measure.frequency(left, sampleRate: 48_000, in: 2_000..<24_000)
    let e4 = Measure.frequency(right, sampleRate: 48_000, in: 2_000..<24_000)
    #expect(abs(Measure.cents(c4, from: 261.6256)) < 1)
    #expect(abs(Measure.cents(e4, from: 329.6276 * pow(2, -13.7 / 1_200))) < 1)
  }

  /// MIDI Polyphonic Expression 1.0, section 2.4: a member channel bends over 48 semitones, so
  /// 341 of 8191 is +2 semitones for the G on its channel (panned right here), and the C on
  /// the other member channel (panned left) does not move.
  @Test func mpeBendsOnlyItsMemberChannelsNote() throws {
    let sampler = try Self.sineKeyMap()
    sampler.mpeZones = .lowerZone
    sampler.controlChange(controller: 10, value: 0, channel: 1)
    sampler.controlChange(controller: 10, value: 127, channel: 2)
    sampler.mpeZones = .lowerZone
    sampler.receiveMIDI(.noteOn(key: 60, velocity: 90, channel: 1))
    sampler.receiveMIDI(.noteOn(key: 67, velocity: 90, channel: 2))
    sampler.receiveMIDI(.pitchBend(value: 341, channel: 2))
    sampler.receiveMIDI(.channelPressure(pressure: 100, channel: 1))
    let (left, right) = sampler.renderFrames(24_000)
    let c4 = Measure.frequency(left, sampleRate: 48_000, in: 2_000..<24_000)
    let g4Bent = Measure.frequency(right, sampleRate: 48_000, in: 2_000..<24_000)
    #expect(abs(Measure.cents(c4, from: 261.6256)) < 1)
    #expect(abs(Measure.cents(g4Bent, from: 440)) < 1)
  }

  /// MIDI Polyphonic Expression 1.0, section 2.1.1: RPN 6 on the lower zone's manager channel
  /// with 15 sets up a lower zone of 15 member channels.
  @Test func mpeConfigurationMessageSetsTheZones() {
    let sampler = Sampler()
    #expect(sampler.mpeZones == .none)
    sampler.receiveMIDI(.controlChange(controller: 101, value: 0))
    sampler.receiveMIDI(.controlChange(controller: 100, value: 6))
    sampler.receiveMIDI(.controlChange(controller: 6, value: 15))
    #expect(sampler.mpeZones == .lowerZone)
  }

  /// A host's own receiver: the member channel's bend at frame 12,000 moves the note two
  /// semitones there (MPE 1.0, section 2.4: 48 semitones on member channels).
  @Test func mpeReceiverOnTheAudioThread() throws {
    let sampler = try Self.sineKeyMap()
    let (left, _) = renderBlock(24_000) { left, right in
      var mpe = MPEReceiver(zones: .lowerZone)
      var events: [SamplerEvent] = []
      events.reserveCapacity(256)

      mpe.receive(.noteOn(key: 60, velocity: 100, channel: 1, frame: 0), into: &events)
      mpe.receive(.pitchBend(value: 341, channel: 1, frame: 12_000), into: &events)
      events.withUnsafeBufferPointer { events in
        sampler.render(frameCount: 24_000, events: events, left: left, right: right)
      }
      events.removeAll(keepingCapacity: true)
    }
    let before = Measure.frequency(left, sampleRate: 48_000, in: 0..<12_000)
    let after = Measure.frequency(left, sampleRate: 48_000, in: 12_100..<24_000)
    #expect(abs(Measure.cents(before, from: 261.6256)) < 1)
    #expect(abs(Measure.cents(after, from: 293.6648)) < 1)
  }

  static let justScale = """
    ! just.scl
    A five-limit just major scale
     7
     9/8
     5/4
     4/3
     3/2
     5/3
     15/8
     2/1
    """

  static let whiteKeys = """
    ! white.kbm
    12
    0
    127
    60
    69
    440.0
    7
    0
    x
    1
    x
    2
    3
    x
    4
    x
    5
    x
    6
    """

  /// The just scale on the white keys with A4 = 440 Hz (Scala scale and keyboard mapping
  /// formats, huygens-fokker.org/scala): C4 is 440 / (5/3) = 264 Hz, E4 5/4 of that, 330 Hz,
  /// within 0.5 cent; the black key C#4 is unmapped and silent. Read from files or from text,
  /// the tuning is the same.
  @Test func justScaleOnTheWhiteKeys() throws {
    let fixtures = try DecodingFixtures()
    let scaleURL = fixtures.folder.appendingPathComponent("just.scl")
    let mappingURL = fixtures.folder.appendingPathComponent("white.kbm")
    try Self.justScale.write(to: scaleURL, atomically: true, encoding: .utf8)
    try Self.whiteKeys.write(to: mappingURL, atomically: true, encoding: .utf8)
    let justScale = Self.justScale
    let whiteKeys = Self.whiteKeys
    let sampler = try Self.sineKeyMap()

    sampler.tuning = try Tuning(scalaFile: scaleURL, keyboardMappingFile: mappingURL)
    print(sampler.tuning.frequency(ofKey: 60)!)
    let scale = try ScalaScale(text: justScale, file: "just.scl")
    let mapping = try KeyboardMapping(text: whiteKeys, file: "white.kbm")
    sampler.tuning = try Tuning(scale: scale, mapping: mapping)
    #expect(sampler.tuning == (try Tuning(scalaFile: scaleURL, keyboardMappingFile: mappingURL)))
    #expect(abs(try #require(sampler.tuning.frequency(ofKey: 60)) - 264) < 1e-9)

    sampler.play(noteNumber: 64, velocity: 100)
    let e4 = sampler.renderFrames(24_000).left
    #expect(abs(Measure.cents(Measure.frequency(e4, sampleRate: 48_000), from: 330)) < 0.5)
    sampler.stop(noteNumber: 64)
    _ = sampler.renderFrames(4_800)
    sampler.play(noteNumber: 61, velocity: 100)
    #expect(Measure.peak(sampler.renderFrames(4_800).left[...]) == 0)
  }

  /// A scale whose count promises more pitches than it has is refused, naming its file, and
  /// the sampler's tuning stays as it was.
  @Test func aRefusedScaleLeavesTheTuningAlone() throws {
    let fixtures = try DecodingFixtures()
    let scaleURL = fixtures.folder.appendingPathComponent("short.scl")
    try "short\n 3\n 9/8\n 5/4\n".write(to: scaleURL, atomically: true, encoding: .utf8)
    let sampler = Sampler()
    do {
      sampler.tuning = try Tuning(scalaFile: scaleURL)
    } catch {
      print(error)
    }
    #expect(sampler.tuning == .equalTemperament)
    #expect {
      try Tuning(scalaFile: scaleURL)
    } throws: { error in
      "\(error)".hasPrefix("short.scl:")
    }
  }

  /// MIDI Tuning Standard, single note tuning change (real-time, `F0 7F 7F 08 02`): key 60 to
  /// MIDI note 69 exactly (`45 00 00`), 440 Hz, applied to the sounding note at frame 12,000.
  static let sysex: [UInt8] = [
    0xF0, 0x7F, 0x7F, 0x08, 0x02, 0x00, 0x01, 0x3C, 0x45, 0x00, 0x00, 0xF7,
  ]

  @Test func midiTuningMessageRetunesASoundingNoteAtItsFrame() throws {
    let sampler = try Self.sineKeyMap()
    let sysex = Self.sysex
    let (left, _) = try renderBlock(24_000) { left, right in
      var events: [SamplerEvent] = [.noteOn(key: 60, velocity: 100)]
      if let message = try MIDITuningMessage(systemExclusive: sysex) {
        events += message.events(frame: 12_000)
      }
      events.withUnsafeBufferPointer { events in
        sampler.render(frameCount: 24_000, events: events, left: left, right: right)
      }
    }
    let before = Measure.frequency(left, sampleRate: 48_000, in: 0..<12_000)
    let after = Measure.frequency(left, sampleRate: 48_000, in: 12_100..<24_000)
    #expect(abs(Measure.cents(before, from: 261.6256)) < 1)
    #expect(abs(Measure.cents(after, from: 440)) < 1)
  }

  /// The allocation-free form gives the same key tuning, at the frame asked for, and allocates
  /// nothing.
  @Test func midiTuningEventsWithoutAllocating() throws {
    func receive(_ bytes: UnsafeBufferPointer<UInt8>, into events: inout [SamplerEvent]) throws
      -> Bool
    {
      let isTuning = try MIDITuningMessage.forEachEvent(inSystemExclusive: bytes, frame: 128) {
        if events.count < events.capacity { events.append($0) }
      }
      return isTuning
    }
    var events: [SamplerEvent] = []
    events.reserveCapacity(16)
    var isTuning: Bool?
    let allocations = Self.sysex.withUnsafeBufferPointer { bytes in
      ThreadAllocations.measure { isTuning = try? receive(bytes, into: &events) }
    }
    if ThreadAllocations.isAvailable { #expect(allocations == 0) }
    #expect(isTuning == true)
    let decoded = try #require(try MIDITuningMessage(systemExclusive: Self.sysex))
    #expect(events.map(\.frame) == [128])
    #expect(decoded.keyTunings.map(\.key) == [60])
    #expect(abs(decoded.keyTunings[0].frequency - 440) < 1e-9)
  }
  // MARK: Parameters, presets and state

  /// The tree lists every parameter, sets by parameter and by identifier, and the AKSampler
  /// property writes the same value.
  @Test func parameterTreeListsAndSets() throws {
    let sampler = Sampler()
    for parameter in sampler.parameters.all {
      print(parameter.identifier, parameter.minimum...parameter.maximum, parameter.unit)
    }
    sampler.parameters[.vibratoDepth] = 20  // cents, from any thread
    let cutoff = sampler.parameters.parameter(identifier: "filter.cutoff")!
    sampler.parameters[cutoff] = 8
    sampler.isMonophonic = true  // AKSampler's name for voice.monophonic
    #expect(sampler.parameters.all.count == 46)
    #expect(sampler.vibratoDepth == 20 && sampler.filterCutoff == 8)
    #expect(sampler.parameters[.monophonic] == 1)
  }

  /// An observer hears of a set at once; removed, it hears nothing more.
  @Test func observersHearOfChanges() throws {
    let sampler = Sampler()
    let heard = HeardValues()
    let watcher = sampler.parameters.addObserver { heard.add($0.identifier, $1) }
    let token = sampler.parameters.addObserver { parameter, value in
      print("\(parameter.identifier) is now \(value)")
    }
    sampler.masterVolume = 0.8  // prints "master.volume is now 0.8"
    sampler.parameters.removeObserver(token)
    #expect(heard.values == [("master.volume", 0.8)].map { "\($0) \($1)" })
    sampler.parameters.removeObserver(watcher)
    sampler.masterVolume = 0.5
    #expect(heard.values.count == 1)
  }

  /// The ramp's target is the value in force at once, and once the ramp is over the output is
  /// a quarter of what it is without it.
  @Test func parameterEventsRampInTheRenderCall() throws {
    let sampler = try Self.sineKeyMap()
    let reference = try Self.sineKeyMap()
    let first = renderBlock(512) { left, right in
      let events: [SamplerEvent] = [
        .noteOn(key: 60, velocity: 100),
        .parameter(.masterVolume, value: 0.25, rampFrames: 4_800, frame: 256),
      ]
      events.withUnsafeBufferPointer { events in
        sampler.render(frameCount: 512, events: events, left: left, right: right)
      }
    }
    #expect(sampler.masterVolume == 0.25)
    reference.play(noteNumber: 60, velocity: 100)
    let unchanged = reference.renderFrames(512 + 9_600, block: 512).left
    let ramped = first.left + sampler.renderFrames(9_600, block: 512).left
    // the ramp ends on frame 256 + 4800 - 1
    let after = (5_056..<ramped.count).map { abs(ramped[$0] - 0.25 * unchanged[$0]) }.max()
    #expect(try #require(after) < 1e-6)
    #expect(Measure.peak(unchanged[5_056...]) > 0.1)
  }

  /// The library's presets are listed, and choosing one sets its values.
  @Test func factoryPresetsAreChosen() throws {
    let sampler = Sampler()
    for preset in sampler.factoryPresets {
      print(preset)  // 0 Default, 1 Mono Lead, 2 Soft Pad, 3 Pluck
    }
    sampler.currentPreset = sampler.factoryPresets.first { $0.name == "Soft Pad" }
    #expect(
      sampler.factoryPresets.map(\.description) == [
        "0 Default", "1 Mono Lead", "2 Soft Pad", "3 Pluck",
      ])
    #expect(sampler.currentPreset?.number == 2 && sampler.attackDuration == 0.8)
  }

  /// A user preset saved, listed, chosen and deleted in a temporary folder.
  @Test func userPresetsInAFolder() throws {
    let presetsURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("article-presets-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: presetsURL) }
    let sampler = Sampler()
    sampler.glideRate = 0.3
    let folder = UserPresetFolder(url: presetsURL)
    let mine = sampler.preset(number: try folder.nextFreeNumber(), name: "Warm Keys")
    try folder.save(mine)
    for preset in try folder.presets() {
      print(preset)  // -1 Warm Keys
    }
    sampler.currentPreset = try folder.preset(number: mine.number)
    try folder.delete(number: mine.number)
    #expect(mine.number == -1 && sampler.currentPreset == mine && sampler.glideRate == 0.3)
    #expect(try folder.presets().isEmpty)
  }

  /// The article's sidecar file, next to an instrument, gives two presets that set what they say.
  @Test func instrumentSidecarPresets() throws {
    let fixtures = try DecodingFixtures()
    let instrumentURL = fixtures.folder.appendingPathComponent("Piano.sfz")
    try "<region> sample=*sine\n".write(to: instrumentURL, atomically: true, encoding: .utf8)
    let sidecar = """
      {
        "presets": [
          {"number": 100, "name": "Bright", "values": {"filter.enable": true, "filter.cutoff": 12}},
          {"number": 101, "name": "Offline", "values": {"voice.quality": "sinc"}}
        ]
      }
      """
    try sidecar.write(
      to: fixtures.folder.appendingPathComponent("Piano.presets.json"), atomically: true,
      encoding: .utf8)
    let sampler = Sampler()
    #expect(try sampler.loadInstrument(url: instrumentURL).diagnostics.isEmpty)
    sampler.currentPreset = sampler.factoryPresets.first { $0.name == "Bright" }
    #expect(sampler.isFilterEnabled && sampler.filterCutoff == 12)
    sampler.currentPreset = sampler.factoryPresets.first { $0.number == 101 }
    #expect(sampler.parameters[.quality] == 2 && !sampler.isFilterEnabled)
  }

  /// The keys instrument with a preset and changed values, saved as JSON and restored into a
  /// fresh sampler that loads the instrument the state names: the same notes render the same
  /// samples, bit for bit.
  @Test func fullStateRestoresBitIdentically() throws {
    let sampler = Sampler()
    try sampler.loadInstrument(url: Self.keysURL)
    sampler.currentPreset = sampler.factoryPresets[1]
    sampler.vibratoDepth = 25
    sampler.masterVolume = 0.6
    let saved = try sampler.fullState.jsonData()
    let state = try SamplerState(jsonData: saved)
    let restored = Sampler()
    if let instrument = state.instrument {
      try restored.loadInstrument(url: URL(fileURLWithPath: instrument.path))
      if restored.instrumentReference?.contentHash != instrument.contentHash {
        print("\(instrument.path) has changed since the state was saved")
      }
    }
    try restored.setFullState(state)
    #expect(restored.instrumentReference == sampler.instrumentReference)
    for each in [sampler, restored] {
      each.play(noteNumber: 60, velocity: 100)
      each.play(noteNumber: 64, velocity: 80)
    }
    let expected = sampler.renderFrames(24_000).left
    #expect(Measure.peak(expected[...]) > 0.01)
    #expect(restored.renderFrames(24_000).left == expected)
    #expect(restored.currentPreset?.name == "Mono Lead")
  }

  /// The master tune and the key tuning travel in the document state.
  @Test func documentStateCarriesTheTuning() throws {
    let sampler = Sampler()
    sampler.parameters[.masterTune] = 12
    sampler.setNoteFrequency(noteNumber: 69, frequency: 432)
    let restored = Sampler()
    let document = try sampler.documentState.jsonData()
    try restored.setDocumentState(try SamplerDocumentState(jsonData: document))
    #expect(restored.parameters[.masterTune] == 12)
    #expect(restored.tuning.frequency(ofKey: 69) == 432)
    #expect(restored.fullState.parameters["tuning.masterTune"] == nil)
  }

}

/// Lives as long as the audio stream; its event array is allocated once, before audio starts.
final class AudioCallback {
  let sampler: Sampler
  private var events: [SamplerEvent] = []

  init(sampler: Sampler) {
    self.sampler = sampler
    events.reserveCapacity(512)
  }

  /// On the audio thread: `notes` are the block's note-ons, sorted by frame.
  func render(
    frameCount: Int, notes: UnsafeBufferPointer<(frame: Int, key: UInt8, velocity: UInt8)>,
    left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>
  ) {
    events.removeAll(keepingCapacity: true)
    var index = 0
    while index < notes.count, events.count < events.capacity {
      let note = notes[index]
      events.append(.noteOn(key: note.key, velocity: note.velocity, frame: note.frame))
      index += 1
    }
    events.withUnsafeBufferPointer { events in
      sampler.render(frameCount: frameCount, events: events, left: left, right: right)
    }
  }
}

/// Parameter changes an observer was told of, as "identifier value".
final class HeardValues: @unchecked Sendable {
  private let lock = NSLock()
  private var heard: [String] = []
  var values: [String] { lock.withLock { heard } }
  func add(_ identifier: String, _ value: Float) {
    lock.withLock { heard.append("\(identifier) \(value)") }
  }
}
