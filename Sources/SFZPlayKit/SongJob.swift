import Foundation
import MIDIFile
import SFZSampler
import SongPlayback

/// A whole song through a bank: every channel plays the instrument its bank select and program
/// choose (a converter folder, an ARIA bank file, one SFZ selecting programs itself) or the one
/// assigned to it, into one mix and, with `--stems`, a file per channel that adds up to it.
struct SongJob {
  var bank: GivenPath
  var song: GivenPath
  var output: GivenPath
  var format: OutputFormat
  var settings: RenderSettings
  var polyphony: Int
  /// Threads that render (`--threads`): more than one spreads the instruments over the cores;
  /// the output is the same for any count.
  var threads: Int
  var quality: InterpolationQuality
  var streaming: StreamingSettings
  var gainDecibels: Double
  var isStrict: Bool
  var isQuiet: Bool
  /// `--channel N=FILE`, channels 0-15.
  var channelFiles: [Int: GivenPath]
  /// `--program P=FILE`.
  var programFiles: [Int: GivenPath]
  /// `--setup FILE.json`.
  var setup: GivenPath?
  /// `--stems DIR`.
  var stemsFolder: GivenPath?
  /// `--report FILE.json`.
  var reportFile: GivenPath?
  /// `--normalize`: the peak or loudness the mix and stems are brought to.
  var normalize: Normalization?

  /// Renders and returns the summary, printing warnings and progress in `context`; on failure
  /// nothing is left at the output, the stems or the report that was not there before.
  func run(in context: RunContext) throws(SFZPlayError) -> RenderSummary {
    var inputs = [song]
    for file in Array(channelFiles.values) + Array(programFiles.values) + [setup].compactMap({ $0 })
    {
      guard FileManager.default.fileExists(atPath: file.path) else {
        throw .missingInput(path: file.text, role: "instrument")
      }
      inputs.append(file)
    }
    guard FileManager.default.fileExists(atPath: bank.path) else {
      throw .missingInput(path: bank.text, role: "bank")
    }
    guard FileManager.default.fileExists(atPath: song.path) else {
      throw .missingInput(path: song.text, role: "MIDI")
    }
    try InputGuard.check(output: output, against: inputs + [bank])
    if let reportFile {
      try InputGuard.check(output: reportFile, against: inputs + [output])
      if reportFile.url.standardizedFileURL == output.url.standardizedFileURL {
        throw .outputIsInput(path: reportFile.text, input: output.text)
      }
    }
    let midi: MIDIFile
    do {
      midi = try MIDIFile(contentsOf: song.url)
    } catch {
      throw .song(error)
    }
    let map = try instrumentMap()
    let ensemble = Ensemble(
      sampleRate: Double(settings.sampleRate), maximumPolyphony: polyphony,
      maximumFrames: settings.blockSize, quality: quality, streaming: streaming)
    let songName = song.url.lastPathComponent
    let parts = SongParts(
      uses: SongPrograms(song: midi).uses, map: map, ensemble: ensemble, songName: songName)
    let songWarnings =
      midi.warnings + EventSchedule.tuningProblems(in: midi, file: songName)
    let warnings = parts.warnings + songWarnings.map { "sfzplay: warning: \($0)" }
    if isStrict, let first = warnings.first {
      throw .strictWarnings(first: first, more: warnings.count - 1)
    }
    for warning in warnings { context.printError(warning) }
    for instrument in ensemble.instruments {
      // a file is rendered, not played: streamed voices wait for the disk
      instrument.sampler.isRenderingOffline = true
      instrument.sampler.masterVolume *= Levels.linear(
        decibels: Self.songHeadroomDecibels + gainDecibels)
      try InputGuard.check(
        output: output, against: instrument.report.sourceFiles.map(context.resolve))
    }
    settings.effects.apply(to: ensemble)
    try applyLevels(to: ensemble)
    let schedule = EventSchedule.make(song: midi, sampleRate: settings.sampleRate)
    let outputs = try SongOutputs(
      mix: output, stemsFolder: stemsFolder, parts: parts, format: format,
      sampleRate: settings.sampleRate, normalizing: normalize != nil,
      effects: settings.effects.isEnabled,
      removesOnSignal: context.removesTemporaryFileOnSignal)
    let rendered: SongRender
    var report: TemporaryOutput?
    let late: [String]
    do throws(SFZPlayError) {
      rendered = try render(
        schedule, through: ensemble, into: outputs, label: songName, in: context)
      late = Self.lateWarnings(parts: parts, render: rendered, song: songName)
      if isStrict, let first = late.first {
        throw SFZPlayError.strictWarnings(first: first, more: late.count - 1)
      }
      report = try reportFile.map { file throws(SFZPlayError) in
        try SongReport(
          song: songName, sampleRate: settings.sampleRate, render: rendered, parts: parts,
          ensemble: ensemble, stems: outputs.stemNames, returns: outputs.returnNames,
          warnings: warnings + late,
          normalize: normalize
        ).write(to: file, removesOnSignal: context.removesTemporaryFileOnSignal)
      }
      try outputs.commit()
      try report?.commit()
    } catch {
      outputs.discard()
      report?.discard()
      throw error
    }
    for warning in late { context.printError(warning) }
    if let normalize, let applied = rendered.normalization, !isQuiet {
      context.printOutput("sfzplay: \(Self.normalizationLine(normalize, applied))")
    }
    var summary = rendered.summary
    if let stemsFolder {
      // the effects' returns are stems too: a batch checks and records them with the others
      summary.stemFiles =
        outputs.stemNames.keys.sorted().compactMap { channel in
          outputs.stemNames[channel].map { stemsFolder.appending($0).text }
        } + outputs.returnNames.map { stemsFolder.appending($0).text }
    }
    return summary
  }

  /// `normalized to -14.0 LUFS: measured -20.3 LUFS, gain +6.3 dB`.
  static func normalizationLine(
    _ normalize: Normalization, _ applied: (measured: Double?, gainDecibels: Double)
  ) -> String {
    guard let measured = applied.measured else {
      return "not normalized to \(normalize.description): the song is silent"
    }
    let unit = normalize.description.split(separator: " ").last.map(String.init) ?? ""
    return "normalized to \(normalize.description): measured "
      + String(format: "%.1f", measured) + " \(unit), gain "
      + String(format: "%+.2f dB", applied.gainDecibels)
  }

  /// What only the render can tell: notes no region played, and a song that stayed silent.
  private static func lateWarnings(parts: SongParts, render: SongRender, song: String)
    -> [String]
  {
    var warnings = SongReport.unplayedWarnings(parts: parts, song: song)
    if render.summary.result.peak == 0 {
      let unplayed = parts.parts.reduce(0) { total, part in
        total + (part.instrument?.sampler.unplayedNotes(channel: part.use.channel).count ?? 0)
      }
      let reason =
        parts.parts.allSatisfy { $0.instrument == nil }
        ? "no part of it found an instrument in the bank"
        : unplayed >= parts.parts.reduce(0) { $0 + $1.use.notes }
          ? "no note of it found a region to play"
          : "its notes played at no level (volume, expression or gain at zero)"
      warnings.append("sfzplay: warning: \(song): the output is silent: \(reason)")
    }
    return warnings
  }

  /// The level a song through a bank plays at before `--gain`: -14 dB, FluidSynth's default
  /// gain of 0.2, the player General MIDI users compare with, so a song sits at the level they
  /// know. Parts add up: the corpus's nine-channel songs at General MIDI's power-on volume peak
  /// at +6.7 to +12 dBFS at unity, and -2.3 to -7.3 dBFS here.
  static let songHeadroomDecibels = -14.0

  /// The bank with the assignments and setup over it.
  private func instrumentMap() throws(SFZPlayError) -> InstrumentMap {
    do {
      var map =
        try setup.map { file throws(BankError) in
          try InstrumentMap(setup: EnsembleSetup.read(from: file.url))
        } ?? InstrumentMap()
      map.bank = try InstrumentBank(contentsOf: bank.url)
      for (channel, file) in channelFiles { map.channelInstruments[channel] = file.url }
      for (program, file) in programFiles { map.programInstruments[program] = file.url }
      return map
    } catch {
      throw .bank(error)
    }
  }

  /// The setup's gain and pan per channel.
  private func applyLevels(to ensemble: Ensemble) throws(SFZPlayError) {
    guard let setup else { return }
    let channels: [Int: ChannelSetup]
    do {
      channels = try EnsembleSetup.read(from: setup.url).channels
    } catch {
      throw .bank(error)
    }
    for (channel, levels) in channels {
      ensemble.setChannelLevel(channel, decibels: levels.gain, pan: levels.pan)
    }
  }
}
