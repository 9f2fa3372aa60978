import Foundation

/// The 1-minute load average: how busy the machine was while something was measured.
public func loadAverage() -> String {
  let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?"
  return text.split(separator: " ").first.map(String.init) ?? "?"
}
