import Foundation
import MIDIFile
import SFZ
import SFZSampler
import SongPlayback

/// One render from start to finish: check the inputs and the output folder, load the song and
/// the instrument, render into a temporary file and move it into place.
struct RenderJob {
  var instrument: GivenPath
  var song: GivenPath
  var output: GivenPath
  var format: OutputFormat
  var settings: RenderSettings
  var polyphony: Int
  /// Threads that render (`--threads`); the output is the same for any count.
  var threads: Int
  var quality: InterpolationQuality
  var streaming: StreamingSettings
  /// The MPE zones the song starts in; its own configuration messages change them.
  var mpeZones: MPEZoneLayout
  var gainDecibels: Double
  var isStrict: Bool
  var isQuiet: Bool
  /// `--tuning` and `--kbm`: a Scala scale and the keyboard mapping that lays it on the keys.
  var scale: GivenPath?
  var keyboardMapping: GivenPath?
  /// `--preset`, `--state` and `--save-state`.
  var sound: SoundChoice

  /// Renders and returns the summary, printing warnings and progress in `context`; on failure
  /// nothing is left at `output` that was not there before.
  func run(in context: RunContext) throws(SFZPlayError) -> RenderSummary {
    let optionalFiles = [
      (scale, "scale"), (keyboardMapping, "keyboard mapping"), (sound.state, "state"),
    ].compactMap { file, role in file.map { ($0, role) } }
    for (input, role) in [(instrument, "instrument"), (song, "MIDI")] + optionalFiles {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: input.path, isDirectory: &isFolder),
        !isFolder.boolValue
      else { throw .missingInput(path: input.text, role: role) }
    }
    let inputs = [song, instrument] + optionalFiles.map(\.0)
    try InputGuard.check(output: output, against: inputs)
    if let saveState = sound.saveState {
      // the audio file may not exist yet, so compare names as well as files
      if saveState.url.standardizedFileURL.path == output.url.standardizedFileURL.path {
        throw .unsupportedOutput(
          "\(saveState.text): --save-state names the audio output \(output.text); choose another name"
        )
      }
      try InputGuard.check(output: saveState, against: inputs + [output])
    }
    let temporary = try TemporaryOutput(
      finalPath: output, removesOnSignal: context.removesTemporaryFileOnSignal)
    let rendered: (summary: RenderSummary, state: SamplerState)
    do {
      rendered = try render(into: temporary, in: context)
      try temporary.commit()
    } catch {
      temporary.discard()
      throw error
    }
    try sound.save(rendered.state)
    return rendered.summary
  }

  /// Renders into `temporary`; returns the summary and the sampler's state as the song began.
  private func render(
    into temporary: TemporaryOutput, in context: RunContext
  ) throws(SFZPlayError) -> (RenderSummary, SamplerState) {
    let midi: MIDIFile
    do {
      midi = try MIDIFile(contentsOf: song.url)
    } catch {
      throw .song(error)
    }
    try checkLength(of: midi)
    let tuning = try loadTuning()
    let sampler = Sampler(
      sampleRate: Double(settings.sampleRate), maximumPolyphony: polyphony, quality: quality,
      streaming: streaming)
    // a file is rendered, not played: streamed voices wait for the disk, so the output is the
    // same as with every sample in memory
    sampler.isRenderingOffline = true
    let report: InstrumentReport
    do {
      report = try sampler.loadInstrument(url: instrument.url)
    } catch {
      throw .instrument(error)
    }
    // Only the loaded instrument knows its includes, samples and presets file.
    let sources = report.sourceFiles.map(context.resolve)
    try InputGuard.check(output: output, against: sources)
    if let saveState = sound.saveState { try InputGuard.check(output: saveState, against: sources) }
    let songWarnings =
      midi.warnings + EventSchedule.tuningProblems(in: midi, file: song.url.lastPathComponent)
    try check(report, songWarnings: songWarnings, printing: context.printError)
    try sound.apply(
      to: sampler, instrument: instrument, strict: isStrict, printError: context.printError)
    // --gain on top of the master volume a preset or state gives, and the effect options
    sampler.masterVolume *= Levels.linear(decibels: gainDecibels)
    settings.effects.apply(to: sampler)
    let state = sampler.fullState
    // taken whole by the first render call, before the song's first event
    if let tuning { sampler.tuning = tuning }

    let schedule = EventSchedule.make(
      song: midi, sampleRate: settings.sampleRate, mpeZones: mpeZones)
    let writer = try AudioFileWriter(
      path: temporary.temporaryPath, displayPath: output.text, format: format,
      sampleRate: settings.sampleRate)
    var progress = ProgressBar(
      label: song.url.lastPathComponent, quiet: isQuiet, draw: context.drawProgress)
    let renderer: OfflineRenderer?
    do {
      renderer = threads > 1 ? try OfflineRenderer(sampler: sampler, threads: threads) : nil
    } catch {
      throw .renderThreads(error)
    }
    let started = ContinuousClock.now
    let startedCPU = ThreadCPUTime.now()
    let result = try play(
      schedule, on: sampler, renderer: renderer, into: writer, progress: &progress)
    try writer.close()
    let late = Self.lateWarnings(
      sampler: sampler, song: midi, songName: song.url.lastPathComponent, peak: result.peak)
    if isStrict, let first = late.first {
      throw .strictWarnings(first: first, more: late.count - 1)
    }
    for warning in late { context.printError(warning) }
    let callingThreadCPU = ThreadCPUTime.now() - startedCPU
    // waiting for one another costs CPU time but is not work one thread would have done
    let cpuSeconds =
      callingThreadCPU + (renderer?.workerCPUSeconds ?? 0) - (renderer?.waitingSeconds ?? 0)
    let elapsed = ContinuousClock.now - started
    progress.finish()
    let summary = RenderSummary(
      result: result, sampleRate: settings.sampleRate,
      wallSeconds: Double(elapsed.components.seconds)
        + Double(elapsed.components.attoseconds) * 1e-18,
      threads: renderer?.threadCount ?? 1, cpuSeconds: cpuSeconds,
      callingThreadCPUSeconds: callingThreadCPU,
      outputPath: output.text, depth: format.depth, clippedSamples: writer.clippedSamples)
    return (summary, state)
  }

  /// Fails on instrument errors, on an instrument that cannot play, and on any warning with
  /// `--strict`; otherwise prints the warnings.
  private func check(
    _ report: InstrumentReport, songWarnings: [String], printing printError: (String) -> Void
  ) throws(SFZPlayError) {
    let errors = report.diagnostics.filter { $0.severity == .error }
    if let first = errors.first {
      throw .instrumentErrors(first: Self.located(first), more: errors.count - 1)
    }
    if report.regionCount == 0 {
      throw .noPlayableRegions(path: instrument.text)
    }
    let warnings = report.diagnostics.map(Self.located) + songWarnings
    if isStrict, let first = warnings.first {
      throw .strictWarnings(first: first, more: warnings.count - 1)
    }
    for diagnostic in report.diagnostics {
      printError(diagnostic.description)
    }
    for warning in songWarnings {
      printError("sfzplay: warning: \(warning)")
    }
  }

  /// What only the render can tell: notes no region played, by channel with the programs the
  /// channel used and the keys, and an output that stayed silent.
  static func lateWarnings(sampler: Sampler, song: MIDIFile, songName: String, peak: Float)
    -> [String]
  {
    let uses = SongPrograms(song: song).uses
    var warnings: [String] = (0..<16).compactMap { channel in
      let unplayed = sampler.unplayedNotes(channel: channel)
      guard unplayed.count > 0 else { return nil }
      let programs = uses.filter { $0.channel == channel }
        .map { "bank \($0.bank)/\($0.bankLSB) program \($0.program)" }
      let keys = unplayed.keys.map(String.init).joined(separator: ", ")
      return "sfzplay: warning: \(songName): channel \(channel + 1)"
        + (programs.isEmpty ? "" : " (\(programs.joined(separator: ", ")))")
        + ": \(unplayed.count) note\(unplayed.count == 1 ? "" : "s") found no region (keys \(keys))"
    }
    let notes = uses.reduce(0) { $0 + $1.notes }
    if peak == 0 && notes > 0 {
      let unplayed = (0..<16).reduce(0) { $0 + sampler.unplayedNotes(channel: $1).count }
      let reason =
        unplayed >= notes
        ? "no note of it found a region to play"
        : "its notes played at no level (volume, expression or gain at zero)"
      warnings.append("sfzplay: warning: \(songName): the output is silent: \(reason)")
    }
    return warnings
  }

  /// The `--tuning` scale laid on the keys by the `--kbm` mapping (Scala's default without one);
  /// nil when no scale was given.
  private func loadTuning() throws(SFZPlayError) -> Tuning? {
    guard let scale else { return nil }
    do {
      return try Tuning(scalaFile: scale.url, keyboardMappingFile: keyboardMapping?.url)
    } catch {
      throw .tuning(error)
    }
  }

  /// Refuses songs whose last event lies absurdly far away (broken or hostile delta times), and
  /// WAV files that would pass the format's 4 GB limit.
  private func checkLength(of midi: MIDIFile) throws(SFZPlayError) {
    let seconds = (midi.events.last?.seconds ?? 0) + settings.tailSeconds
    guard seconds <= Self.longestSong else {
      throw .songTooLong(path: song.text, seconds: seconds, limit: Self.longestSong)
    }
    let bytes = seconds * Double(settings.sampleRate) * 2 * Double(format.depth.bytesPerSample)
    if format.container == .wav && bytes > Self.largestWAVData {
      throw .outputTooLarge(path: output.text, gigabytes: bytes / 1e9)
    }
  }

  /// Twelve hours: longer than any piece of music, short enough to stop a runaway render.
  static let longestSong = 12.0 * 3_600
  /// The WAV header counts bytes in 32 bits; keep a margin for the header chunks.
  static let largestWAVData = Double(UInt32.max) - 65_536

  /// `file.sfz:12: message`, without the severity, for sfzplay's own error line.
  private static func located(_ diagnostic: SFZDiagnostic) -> String {
    "\(diagnostic.file):\(diagnostic.line): \(diagnostic.message)"
  }
}
