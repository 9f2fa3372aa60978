/// Where two renders first differ (their bits, not their closeness), or nil when they are
/// identical: a check whose failure names a frame instead of printing both renders whole.
func firstDifference(_ a: [Float], _ b: [Float]) -> Int? {
  if a.count != b.count { return min(a.count, b.count) }
  return a.indices.first { a[$0].bitPattern != b[$0].bitPattern }
}
