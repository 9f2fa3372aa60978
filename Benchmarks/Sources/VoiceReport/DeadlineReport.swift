import BenchSupport
import Foundation

/// The most voices a core holds without dropouts: at 64-frame blocks (1.33 ms at 48 kHz), the
/// most sustained voices for which the 99.9th percentile of one block's render time stays under
/// half the block's duration, leaving the other half to the host and the rest of the system.
enum DeadlineReport {
  static let blockFrames = 64
  static let blocksPerTrial = 6_000
  /// Half of a 64-frame block at 48 kHz.
  static var budget: Double { 0.5 * Double(blockFrames) / CostMeasurement.sampleRate }

  /// One configuration's answer, with the render times at that voice count.
  struct Result {
    let label: String
    let voices: Int
    let cpuP999: Double
    let wallP999: Double
    /// The count is the rig's largest, not a limit the deadline set.
    let atMaximum: Bool
  }

  /// Per-block thread CPU and wall seconds, 99.9th percentile, for `voices` voices.
  static func percentiles(_ configuration: RenderConfiguration, voices: Int) throws(BenchError)
    -> (cpu: Double, wall: Double)
  {
    let rig = try VoiceRig(configuration, voiceCount: voices, blockFrames: blockFrames)
    for _ in 0..<200 { rig.engine.render() }
    var cpu = [Double](repeating: 0, count: blocksPerTrial)
    var wall = [Double](repeating: 0, count: blocksPerTrial)
    for index in 0..<blocksPerTrial {
      let startWall = ThreadCPUClock.wall()
      let startCPU = ThreadCPUClock.now()
      rig.engine.render()
      cpu[index] = ThreadCPUClock.now() - startCPU
      wall[index] = ThreadCPUClock.wall() - startWall
    }
    func p999(_ values: [Double]) -> Double { values.sorted()[values.count * 999 / 1_000] }
    return (p999(cpu), p999(wall))
  }

  /// Bisects the voice count (even counts, to 2%) on the CPU-time percentile.
  static func measure(_ label: String, _ configuration: RenderConfiguration) throws(BenchError)
    -> Result
  {
    var low = 16
    var high = VoiceRig.maximumVoices
    let top = try percentiles(configuration, voices: high)
    if top.cpu < budget {
      return Result(
        label: label, voices: high, cpuP999: top.cpu, wallP999: top.wall, atMaximum: true)
    }
    var found = try percentiles(configuration, voices: low)
    while Double(high - low) > 0.02 * Double(high) {
      let middle = (low + high) / 4 * 2
      let figures = try percentiles(configuration, voices: middle)
      if figures.cpu < budget {
        low = middle
        found = figures
      } else {
        high = middle
      }
    }
    return Result(
      label: label, voices: low, cpuP999: found.cpu, wallP999: found.wall, atMaximum: false)
  }

  static func lines(_ results: [Result]) -> [String] {
    var lines = [
      "Deadline: the most sustained voices (same rig as the kernel figures) for which the"
        + " 99.9th percentile of a 64-frame block's render time, thread CPU, stays under half the"
        + String(
          format: " block (%.3f ms); %d blocks per trial, bisected to 2%%.", budget * 1e3,
          blocksPerTrial),
      pad("configuration", 24) + pad("voices", 9) + pad("p99.9 CPU ms", 14) + "p99.9 wall ms",
    ]
    for result in results {
      lines.append(
        pad(result.label, 24) + pad("\(result.voices)\(result.atMaximum ? "+" : "")", 9)
          + pad(String(format: "%.3f", result.cpuP999 * 1e3), 14)
          + String(format: "%.3f", result.wallP999 * 1e3))
    }
    lines.append(
      "(+ = the rig's largest count, 4,096, already meets the deadline. Wall times include"
        + " whatever else the machine ran meanwhile.)")
    lines.append("")
    return lines
  }
}
