import CSamplerCore

extension SamplerEvent {
  /// Sets a parameter at the event's frame, or ramps it there.
  ///
  /// With `rampFrames` 0 the value applies from `frame` on. A ramp of n frames on a parameter
  /// that ``SamplerParameter/canRamp`` moves linearly from the value in force before the event,
  /// reaching `value` on frame `frame + n - 1`; a later event on the same parameter takes over an
  /// unfinished ramp from the value it reached. A parameter that cannot ramp takes `value` at
  /// `frame`. Values outside the range are clamped; one that is not a finite number is ignored.
  /// Observers of ``Sampler/parameters`` hear of the change shortly after the render call.
  ///
  /// ```swift
  /// let fadeOut: [SamplerEvent] = [.parameter(.masterVolume, value: 0, rampFrames: 4_800, frame: 64)]
  /// ```
  public static func parameter(
    _ parameter: SamplerParameter, value: Float, rampFrames: Int = 0, frame: Int = 0
  ) -> Self {
    Self(
      SC_EVENT_PARAMETER, frame: frame, channel: 0, data1: UInt8(parameter.address),
      value: Int32(clamping: max(rampFrames, 0)), number: value)
  }
}
