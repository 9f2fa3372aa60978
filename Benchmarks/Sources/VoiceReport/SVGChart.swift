import Foundation

/// A hand-written SVG line chart of render cost per block against voice count.
enum SVGChart {
  private static let width = 980.0
  private static let height = 560.0
  private static let plot = (left: 80.0, top: 50.0, right: 660.0, bottom: 490.0)

  static func text(_ rows: [CostMeasurement], blockSeconds: Double, title: String) -> String {
    let series = Dictionary(grouping: rows, by: \.configuration.name)
      .map { (name: $0.key, points: $0.value.sorted { $0.voices < $1.voices }) }
      .sorted { $0.name < $1.name }
    let maxVoices = Double(rows.map(\.voices).max() ?? 1)
    // Scaled to the data: the real-time budget (5.33 ms) is far above 1,024 voices.
    let maxMilliseconds = niceCeiling(rows.map { $0.secondsPerBlock * 1_000 }.max() ?? 1)
    func x(_ voices: Double) -> Double {
      plot.left + (plot.right - plot.left) * voices / maxVoices
    }
    func y(_ milliseconds: Double) -> Double {
      plot.bottom - (plot.bottom - plot.top) * milliseconds / maxMilliseconds
    }
    var svg: [String] = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\""
        + " viewBox=\"0 0 \(Int(width)) \(Int(height))\""
        + " font-family=\"sans-serif\" font-size=\"12\">",
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
      "<text x=\"\(plot.left)\" y=\"28\" font-size=\"15\">\(escaped(title))</text>",
    ]
    for step in 0...8 {
      let voices = maxVoices * Double(step) / 8
      svg.append(line(x(voices), plot.top, x(voices), plot.bottom, "#eee"))
      svg.append(label(x(voices), plot.bottom + 16, "\(Int(voices))", anchor: "middle"))
    }
    for step in 0...5 {
      let ms = maxMilliseconds * Double(step) / 5
      svg.append(line(plot.left, y(ms), plot.right, y(ms), "#eee"))
      svg.append(label(plot.left - 6, y(ms) + 4, String(format: "%.2f", ms), anchor: "end"))
    }
    svg.append(line(plot.left, plot.bottom, plot.right, plot.bottom, "#333"))
    svg.append(line(plot.left, plot.top, plot.left, plot.bottom, "#333"))
    svg.append(
      label((plot.left + plot.right) / 2, plot.bottom + 40, "active voices", anchor: "middle"))
    svg.append(
      "<text transform=\"translate(24 \((plot.top + plot.bottom) / 2)) rotate(-90)\""
        + " text-anchor=\"middle\">CPU time per 256-frame block (ms, one core)</text>")
    svg.append(
      label(
        plot.left + 8, plot.top + 14,
        "Real-time budget per block: \(String(format: "%.2f", blockSeconds * 1_000)) ms",
        anchor: "start"))
    for (index, entry) in series.enumerated() {
      // One hue per quality, filter and channel count; ratio 1 dashed, ratio 1.5 solid.
      let hue = (index / 2) * 360 / max(series.count / 2, 1)
      let colour = "hsl(\(hue) 75% \(index / 2 % 2 == 0 ? 35 : 50)%)"
      let dash = entry.name.hasSuffix("ratio1") ? " stroke-dasharray=\"5 3\"" : ""
      let points = entry.points.map {
        String(format: "%.1f,%.1f", x(Double($0.voices)), y($0.secondsPerBlock * 1_000))
      }
      svg.append(
        "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.5\"\(dash)"
          + " points=\"\(points.joined(separator: " "))\"/>")
      let legendY = plot.top + Double(index) * 18
      svg.append(
        "<line x1=\"680\" y1=\"\(legendY)\" x2=\"705\" y2=\"\(legendY)\" stroke=\"\(colour)\""
          + " stroke-width=\"2\"\(dash)/>")
      svg.append(label(712, legendY + 4, entry.name, anchor: "start"))
    }
    svg.append("</svg>")
    return svg.joined(separator: "\n") + "\n"
  }

  private static func niceCeiling(_ value: Double) -> Double {
    let magnitude = pow(10, floor(log10(value)))
    for step in [1.0, 2, 2.5, 5, 10] where step * magnitude >= value { return step * magnitude }
    return 10 * magnitude
  }

  private static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ colour: String)
    -> String
  {
    "<line x1=\"\(f(x1))\" y1=\"\(f(y1))\" x2=\"\(f(x2))\" y2=\"\(f(y2))\" stroke=\"\(colour)\"/>"
  }

  private static func label(_ x: Double, _ y: Double, _ text: String, anchor: String) -> String {
    "<text x=\"\(f(x))\" y=\"\(f(y))\" text-anchor=\"\(anchor)\">\(escaped(text))</text>"
  }

  private static func f(_ value: Double) -> String { String(format: "%.1f", value) }

  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
  }
}
