/// What ``ParameterTree/addObserver(_:)`` returns: give it to
/// ``ParameterTree/removeObserver(_:)`` to stop the observer.
public struct ParameterObserverToken: Sendable, Hashable {
  let id: UInt64
}
