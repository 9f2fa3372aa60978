import BenchSupport
import Foundation
import SFZSampler

/// What loading one instrument costs, measured in a process of its own.
struct LoadMeasurement {
  /// Regions the instrument kept.
  var regions: Int
  /// Distinct samples loaded.
  var samples: Int
  /// Bytes of sample memory the engine holds.
  var sampleBytes: Int
  /// Resident bytes once the load has returned.
  var residentBytes: Int
  /// The most bytes resident at once during the process's life (the load's peak).
  var peakResidentBytes: Int
  /// Seconds the load took, as the loader reports them.
  var loadSeconds: Double

  /// The child's side: loads `path` ("none" for an empty process) into a new sampler and
  /// returns the figures. The sampler stays alive until they are read.
  static func measureHere(path: String) throws -> LoadMeasurement {
    let sampler = Sampler(sampleRate: 48_000, maximumPolyphony: 256)
    var measurement = LoadMeasurement(
      regions: 0, samples: 0, sampleBytes: 0, residentBytes: 0, peakResidentBytes: 0,
      loadSeconds: 0)
    if path != "none" {
      let report = try sampler.loadInstrument(url: URL(fileURLWithPath: path))
      measurement.regions = report.regionCount
      measurement.samples = report.sampleCount
      measurement.sampleBytes = report.sampleBytes
      measurement.loadSeconds = report.loadSeconds
    }
    measurement.residentBytes = ProcessMemory.residentBytes()
    measurement.peakResidentBytes = ProcessMemory.peakResidentBytes()
    withExtendedLifetime(sampler) {}
    return measurement
  }

  /// The figures as one line of text, as the child prints them.
  var line: String {
    "\(regions) \(samples) \(sampleBytes) \(residentBytes) \(peakResidentBytes) \(loadSeconds)"
  }

  /// Reads a child's line back; nil when it is not one.
  init?(line: String) {
    let fields = line.split(separator: " ").compactMap { Double($0) }
    guard fields.count == 6 else { return nil }
    self.init(
      regions: Int(fields[0]), samples: Int(fields[1]), sampleBytes: Int(fields[2]),
      residentBytes: Int(fields[3]), peakResidentBytes: Int(fields[4]), loadSeconds: fields[5])
  }

  init(
    regions: Int, samples: Int, sampleBytes: Int, residentBytes: Int, peakResidentBytes: Int,
    loadSeconds: Double
  ) {
    self.regions = regions
    self.samples = samples
    self.sampleBytes = sampleBytes
    self.residentBytes = residentBytes
    self.peakResidentBytes = peakResidentBytes
    self.loadSeconds = loadSeconds
  }

  /// Runs this program as a child that loads `path`, so every figure starts from the same
  /// empty process.
  static func inChild(path: String) -> LoadMeasurement? {
    Tool.output(CommandLine.arguments[0], ["--child", path]).flatMap(LoadMeasurement.init(line:))
  }
}
