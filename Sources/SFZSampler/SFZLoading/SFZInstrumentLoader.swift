import CSamplerCore
import Dispatch
import Foundation
import SFZ

/// Reads an SFZ file, decodes each distinct sample once (in parallel), and builds the C
/// instrument. Problems that leave the instrument playable become diagnostics; only a file that
/// cannot be read at all (or any warning in strict mode) throws.
struct SFZInstrumentLoader {
  let url: URL
  let strict: Bool

  struct Result {
    var instrument: OpaquePointer
    var report: InstrumentReport
  }

  func load() throws(SamplerError) -> Result {
    let started = Date()
    let path = url.path
    let parsed: SFZInstrument
    do {
      parsed = try SFZInstrument.load(url: url, strict: strict)
    } catch {
      throw .instrumentUnreadable(path: path, reason: error.description)
    }
    var diagnostics = parsed.diagnostics

    let sources = distinctSamples(parsed.regions)
    let played = Dictionary(uniqueKeysWithValues: sources.enumerated().map { ($1, $0) })
    let reversedSources = Set(
      parsed.regions.filter { $0.string("direction")?.lowercased() == "reverse" }
        .compactMap(\.samplePath))
    var decoded = decodeAll(sources)
    var builder = try EngineInstrumentBuilder(label: path)
    var sampleIndex: [String: Int] = [:]
    var reversedIndex: [String: Int] = [:]
    var failures: [String: (error: String, regions: Int, location: SFZLocation)] = [:]
    for (i, source) in sources.enumerated() {
      switch decoded[i] {
      case .success(let audio):
        sampleIndex[source] = try builder.add(audio.0, source: source)
        if reversedSources.contains(source) {
          // Playing backwards reads a reversed copy, so the interpolation kernels stay forward.
          reversedIndex[source] = try builder.add(audio.0.reversed(), source: source)
        }
        // The engine holds its own copy now: keep only what region mapping reads, so loading
        // never holds two copies of every sample at once.
        decoded[i] = .success((audio.0.withoutFrames(), audio.1))
      case .failure(let error):
        failures[source] = (error.description, 0, SFZLocation(file: path, line: 0))
      }
    }

    for (index, curve) in parsed.curves.sorted(by: { $0.key < $1.key })
    where !builder.setCurve(index, curve.points) {
      diagnostics.append(
        SFZDiagnostic(.warning, at: curve.location, "curve_index=\(index) not usable; ignored"))
    }
    var velocityCurves: [[Float]: Int] = [:]

    var unrendered: [String: SFZLocation] = [:]
    var notedSamples = Set<String>()
    var regionCount = 0
    var keys: ClosedRange<Int>?
    var velocities: ClosedRange<Int>?
    for region in parsed.regions {
      guard let source = region.samplePath else {
        diagnostics.append(
          SFZDiagnostic(.warning, at: region.location, "region has no sample; skipped"))
        continue
      }
      guard region.sampleExists else { continue }
      guard let index = sampleIndex[source],
        let audio = decoded[played[source]!].audio
      else {
        if var failure = failures[source] {
          if failure.regions == 0 { failure.location = region.location }
          failure.regions += 1
          failures[source] = failure
        }
        continue
      }
      // What the decoder repaired in a sample is said once, at the first region that plays it.
      if notedSamples.insert(source).inserted {
        diagnostics += audio.notes.map {
          SFZDiagnostic(.warning, at: region.location, "'\(source)': \($0)")
        }
      }
      // Opcodes the SFZ table does not know were reported by the parser already.
      for (name, opcode) in region.opcodes
      where !RegionMapping.isHandled(name) && SFZOpcodeTable.shared.lookup(name) != nil {
        if unrendered[name] == nil { unrendered[name] = opcode.location }
      }
      var mapping = RegionMapping(
        region: region, audio: audio, sampleIndex: index, isGenerator: source.hasPrefix("*"))
      if region.string("direction")?.lowercased() == "reverse" {
        mapping = RegionMapping(
          region: region, audio: audio, sampleIndex: reversedIndex[source]!,
          isGenerator: source.hasPrefix("*"))
        mapping.reversed = true
      }
      var (r, problems) = mapping.make()
      diagnostics += problems
      if let curve = mapping.velocityCurve() {
        if velocityCurves[curve] == nil {
          // Velocity curves live above the 256 indices SFZ <curve> headers may use.
          let index = 256 + velocityCurves.count
          if builder.setCurve(index, curve) { velocityCurves[curve] = index }
        }
        r.amp_velcurve = Int32(velocityCurves[curve] ?? -1)
      }
      let modulations = mapping.modulations()
      r.implicit_controllers = RegionMapping.implicitControllers(for: modulations)
      let regionIndex = try builder.add(r)
      for modulation in modulations.prefix(Int(SC_MAX_REGION_MODULATIONS))
      where !builder.add(modulation, toRegion: regionIndex) {
        diagnostics.append(
          SFZDiagnostic(
            .warning, at: region.location,
            "a modulation (target \(modulation.target), source \(modulation.source), curve "
              + "\(modulation.curve)) has a value the engine cannot use; ignored"))
      }
      if modulations.count > Int(SC_MAX_REGION_MODULATIONS) {
        diagnostics.append(
          SFZDiagnostic(
            .warning, at: region.location,
            "\(modulations.count) modulations; only the first \(SC_MAX_REGION_MODULATIONS) are rendered"
          ))
      }
      regionCount += 1
      if r.lokey <= r.hikey && r.lovel <= r.hivel {
        keys = Self.union(keys, Int(r.lokey)...Int(r.hikey))
        velocities = Self.union(velocities, Int(r.lovel)...Int(r.hivel))
      }
    }
    for (source, failure) in failures.sorted(by: { $0.key < $1.key }) where failure.regions > 0 {
      diagnostics.append(
        SFZDiagnostic(
          .warning, at: failure.location,
          "\(failure.error); \(failure.regions) region(s) using '\(source)' skipped"))
    }
    for (name, location) in unrendered.sorted(by: { $0.key < $1.key }) {
      let message =
        UnsupportedOpcodes.reason(for: name).map { "opcode '\(name)' is not rendered: \($0)" }
        ?? "opcode '\(name)' is not rendered yet; ignored"
      diagnostics.append(SFZDiagnostic(.warning, at: location, message))
    }
    if strict, !diagnostics.isEmpty {
      throw .instrumentUnreadable(
        path: path,
        reason: "\(diagnostics.count) problem(s) in strict mode; first: \(diagnostics[0])")
    }
    for (controller, value) in parsed.control.setCC where (0...127).contains(controller) {
      builder.setInitialController(controller, to: value)
    }
    let (instrument, _) = try builder.finish()
    let report = InstrumentReport(
      path: path, regionCount: regionCount, sampleCount: sampleIndex.count,
      sampleBytes: Int(sc_instrument_sample_bytes(instrument)), keyRange: keys,
      velocityRange: velocities, loadSeconds: Date().timeIntervalSince(started),
      diagnostics: diagnostics,
      sourceFiles: [path] + parsed.includedFiles + sources.filter { !$0.hasPrefix("*") })
    return Result(instrument: instrument, report: report)
  }

  private static func union(_ a: ClosedRange<Int>?, _ b: ClosedRange<Int>) -> ClosedRange<Int> {
    guard let a else { return b }
    return min(a.lowerBound, b.lowerBound)...max(a.upperBound, b.upperBound)
  }

  /// Sample paths (and generator names) in first-use order, each once.
  private func distinctSamples(_ regions: [SFZRegion]) -> [String] {
    var seen = Set<String>()
    var order: [String] = []
    for region in regions {
      guard let source = region.samplePath, region.sampleExists, !seen.contains(source) else {
        continue
      }
      seen.insert(source)
      order.append(source)
    }
    return order
  }

  /// Decodes every source concurrently; results keep the order of `sources`.
  private func decodeAll(_ sources: [String]) -> [DecodeOutcome] {
    [DecodeOutcome](unsafeUninitializedCapacity: sources.count) { buffer, count in
      // Each iteration initializes only its own slot.
      nonisolated(unsafe) let base = buffer.baseAddress
      DispatchQueue.concurrentPerform(iterations: sources.count) { i in
        (base! + i).initialize(to: Self.decode(sources[i]))
      }
      count = sources.count
    }
  }

  private static func decode(_ source: String) -> DecodeOutcome {
    if source.hasPrefix("*") {
      return Generators.audio(for: source).map { .success(($0, source)) }
        ?? .failure(.notAudio(path: source, detail: "unknown generator"))
    }
    do throws(SampleDecodingError) {
      return .success((try SampleDecoder.decode(path: source), source))
    } catch {
      return .failure(error)
    }
  }
}

/// A decoded sample with its source, or why it could not be decoded.
enum DecodeOutcome: Sendable {
  case success((DecodedAudio, String))
  case failure(SampleDecodingError)

  var audio: DecodedAudio? {
    if case .success(let value) = self { return value.0 }
    return nil
  }
}
