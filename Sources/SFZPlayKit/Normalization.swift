import ArgumentParser

/// `--normalize`: the level a song is brought to, as mastering engineers and dataset builders
/// ask for it: a peak (`-1dBTP` true peak, `-1dBFS` sample peak) or an integrated loudness
/// (`-14LUFS`, ITU-R BS.1770 as EBU R128 measures it). One gain moves the mix and every stem
/// alike, so the stems still add up to it.
struct Normalization: Equatable, Sendable, ExpressibleByArgument {
  /// What is measured and brought to the target.
  enum Measure: Equatable, Sendable {
    /// The largest sample, dBFS.
    case samplePeak
    /// The largest value of the signal between the samples too (4x oversampled), dBTP.
    case truePeak
    /// Integrated loudness, LUFS.
    case loudness
  }

  var measure: Measure
  /// The target in dBFS, dBTP or LUFS.
  var target: Double

  init(measure: Measure, target: Double) {
    self.measure = measure
    self.target = target
  }

  /// `-1dBTP`, `-0.5dBFS`, `-14LUFS` (case does not matter; a space before the unit may stand).
  init?(argument: String) {
    let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
    let units: [(String, Measure, ClosedRange<Double>)] = [
      ("dbtp", .truePeak, -60...0), ("dbfs", .samplePeak, -60...0), ("lufs", .loudness, -70...0),
    ]
    guard let (unit, measure, range) = units.first(where: { text.hasSuffix($0.0) }),
      let value = Double(text.dropLast(unit.count).trimmingCharacters(in: .whitespaces)),
      range.contains(value)
    else { return nil }
    self.init(measure: measure, target: value)
  }

  /// As the user writes it.
  var description: String {
    let unit = measure == .loudness ? "LUFS" : measure == .truePeak ? "dBTP" : "dBFS"
    return String(format: "%.1f", target) + " " + unit
  }
}
