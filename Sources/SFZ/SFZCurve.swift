/// A curve from a `<curve>` header: 128 points for inputs 0...127, and where it was defined, so
/// a player that cannot use it can say so at that line.
public struct SFZCurve: Sendable, Hashable {
  /// The curve's value at each input step 0...127.
  public var points: [Float]
  /// The `<curve>` header that defined it.
  public var location: SFZLocation

  /// Creates a curve.
  public init(points: [Float], location: SFZLocation) {
    self.points = points
    self.location = location
  }
}
