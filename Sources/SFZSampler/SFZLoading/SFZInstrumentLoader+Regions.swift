import CSamplerCore
import SFZ

/// What mapping the regions found: how many play, which keys and velocities they cover, and
/// what was said on the way.
struct MappedRegions {
  var count = 0
  var keys: ClosedRange<Int>?
  var velocities: ClosedRange<Int>?
  /// Problems in region order.
  var diagnostics: [SFZDiagnostic] = []
  /// Opcodes some region wrote and none rendered, each at the first place it was written.
  var unrendered: [String: SFZLocation] = [:]
  /// The engine curve index of each distinct amplitude velocity curve.
  var velocityCurves: [[Float]: Int] = [:]
  /// Samples whose decoder repairs were already reported.
  var notedSamples = Set<String>()
  /// Whether the regions added and skipped are recorded below, for the instrument cache.
  var records = false
  /// The engine regions added, in order, each with the modulations offered for it.
  var added: [(region: sc_region, modulations: [sc_modulation])] = []
  /// The regions skipped because their sample failed, in order.
  var skipped: [(location: SFZLocation, source: String)] = []

  /// One warning per unrendered opcode, with the reason when the engine leaves it out on purpose.
  func unrenderedWarnings() -> [SFZDiagnostic] {
    unrendered.sorted { $0.key < $1.key }.map { name, location in
      let message =
        UnsupportedOpcodes.reason(for: name).map { "opcode '\(name)' is not rendered: \($0)" }
        ?? "opcode '\(name)' is not rendered yet; ignored"
      return SFZDiagnostic(.warning, at: location, message)
    }
  }

  mutating func cover(_ r: sc_region) {
    count += 1
    guard r.lokey <= r.hikey && r.lovel <= r.hivel else { return }
    keys = Self.union(keys, Int(r.lokey)...Int(r.hikey))
    velocities = Self.union(velocities, Int(r.lovel)...Int(r.hivel))
  }

  private static func union(_ a: ClosedRange<Int>?, _ b: ClosedRange<Int>) -> ClosedRange<Int> {
    guard let a else { return b }
    return min(a.lowerBound, b.lowerBound)...max(a.upperBound, b.upperBound)
  }
}

extension SFZInstrumentLoader {
  /// Maps every region whose sample was decoded and adds it to the engine's instrument;
  /// `recording` keeps what was added for the instrument cache.
  func mapRegions(
    _ regions: [SFZRegion], _ samples: inout InstrumentSamples,
    into builder: inout EngineInstrumentBuilder, recording: Bool = false
  ) throws(SamplerError) -> MappedRegions {
    var mapped = MappedRegions()
    mapped.records = recording
    for region in regions {
      guard let source = region.samplePath else {
        mapped.diagnostics.append(
          SFZDiagnostic(.warning, at: region.location, "region has no sample; skipped"))
        continue
      }
      guard region.sampleExists else { continue }
      guard let index = samples.index[source], let audio = samples.audio(source) else {
        samples.skip(regionAt: region.location, using: source)
        if recording { mapped.skipped.append((region.location, source)) }
        continue
      }
      // What the decoder repaired in a sample is said once, at the first region that plays it.
      if mapped.notedSamples.insert(source).inserted {
        mapped.diagnostics += audio.notes.map {
          SFZDiagnostic(.warning, at: region.location, "'\(source)': \($0)")
        }
      }
      let mapping = RegionMapping(
        region: region, audio: audio, sampleIndex: index,
        reversedSampleIndex: samples.reversedIndex[source], isGenerator: source.hasPrefix("*"))
      try add(mapping, &mapped, to: &builder)
    }
    return mapped
  }

  /// Makes the region, with its velocity curve and modulations, and adds it to the instrument.
  private func add(
    _ mapping: RegionMapping, _ mapped: inout MappedRegions,
    to builder: inout EngineInstrumentBuilder
  ) throws(SamplerError) {
    let made = mapping.make()
    mapped.diagnostics += made.diagnostics
    for version in mapping.unison(of: made) { try add(version, of: mapping, &mapped, to: &builder) }
    // Opcodes the SFZ table does not know were reported by the parser already.
    for (name, opcode) in mapping.region.unread() where SFZOpcodeTable.shared.lookup(name) != nil {
      if mapped.unrendered[name] == nil { mapped.unrendered[name] = opcode.location }
    }
  }

  /// Adds one engine region `made` of `mapping`'s SFZ region.
  private func add(
    _ made: RegionMapping.Made, of mapping: RegionMapping, _ mapped: inout MappedRegions,
    to builder: inout EngineInstrumentBuilder
  ) throws(SamplerError) {
    var r = made.region
    if let curve = made.velocityCurve {
      if mapped.velocityCurves[curve] == nil {
        // Velocity curves live above the 256 indices SFZ <curve> headers may use.
        let index = 256 + mapped.velocityCurves.count
        if builder.setCurve(index, curve) { mapped.velocityCurves[curve] = index }
      }
      r.amp_velcurve = Int32(mapped.velocityCurves[curve] ?? -1)
    }
    let modulations = made.modulations
    let regionIndex = try builder.add(r)
    if mapped.records {
      mapped.added.append((r, Array(modulations.prefix(Int(SC_MAX_REGION_MODULATIONS)))))
    }
    let location = mapping.region.location
    for modulation in modulations.prefix(Int(SC_MAX_REGION_MODULATIONS))
    where !builder.add(modulation, toRegion: regionIndex) {
      mapped.diagnostics.append(
        SFZDiagnostic(
          .warning, at: location,
          "a modulation (target \(modulation.target), source \(modulation.source), curve "
            + "\(modulation.curve)) has a value the engine cannot use; ignored"))
    }
    if modulations.count > Int(SC_MAX_REGION_MODULATIONS) {
      mapped.diagnostics.append(
        SFZDiagnostic(
          .warning, at: location,
          "\(modulations.count) modulations; only the first \(SC_MAX_REGION_MODULATIONS) are rendered"
        ))
    }
    mapped.cover(r)
  }
}
