import CSamplerCore

extension Sampler {
  /// The C engine this sampler owns, for a plugin whose real-time callback is written in C and
  /// calls `sc_engine_render` on it directly (the LV2 plugin's `run()`), so no Swift runs on the
  /// audio thread. It lives as long as the sampler; render from one thread at a time, and make
  /// control calls through the sampler, as with ``render(frameCount:left:right:)``.
  @_spi(Plugin) public var enginePointer: OpaquePointer { engine.pointer }
}
