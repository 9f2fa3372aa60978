import CSamplerCore

extension Sampler {
  /// Whether the host renders offline (bouncing, `sfzplay`) rather than live. Offline, a voice
  /// whose streamed frames are not read yet waits for them, so the output equals the
  /// all-in-memory render bit for bit; live (the default), it never waits: it fades out and
  /// counts an underrun. Samples held whole never wait either way.
  public var isRenderingOffline: Bool {
    get { lock.withLock { offline } }
    set {
      lock.withLock { offline = newValue }
      sc_engine_set_offline(engine.pointer, newValue)
    }
  }

  /// What streaming has done so far.
  public var streamingStatistics: StreamingStatistics {
    let reader = engine.readerFigures
    return StreamingStatistics(
      streamedSamples: lock.withLock { streamedSamples },
      residentSampleBytes: lock.withLock { residentSampleBytes },
      underruns: Int(engine.stats.stream_underruns), readFailures: reader.failures,
      readerCPUSeconds: reader.cpuSeconds, readerPriorityRaised: reader.priorityRaised)
  }
}
