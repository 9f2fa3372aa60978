/// The first frame at which two stereo renders differ, or nil when they are the same bit for
/// bit: a failure names a frame instead of printing both renders.
func firstDifference(
  _ a: (left: [Float], right: [Float]), _ b: (left: [Float], right: [Float])
) -> Int? {
  guard a.left.count == b.left.count, a.right.count == b.right.count else {
    return min(a.left.count, b.left.count, a.right.count, b.right.count)
  }
  return a.left.indices.first { a.left[$0] != b.left[$0] || a.right[$0] != b.right[$0] }
}
