/// Order statistics of a list of durations.
struct Percentiles {
  private let sorted: [Double]

  init(_ values: [Double]) { sorted = values.sorted() }

  /// The value below which `fraction` of the values lie (nearest rank); 0 when empty.
  func at(_ fraction: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
  }

  /// The largest value; 0 when empty.
  var maximum: Double { sorted.last ?? 0 }
}
