@testable import SFZSampler

/// What every successful decode promises the engine, checked after each fuzz input: a crash
/// here is a decoder bug even when nothing read out of bounds.
public enum AudioInvariants {
  public static func check(_ audio: DecodedAudio) {
    precondition(audio.frameCount > 0, "decoded no frames but did not throw")
    let kept = audio.samples.channelCount
    precondition((1...2).contains(kept), "\(kept) channels kept")
    // 16-bit values are always playable; the check still covers their lengths.
    for channel in audio.floatChannels {
      precondition(channel.count == audio.frameCount, "channel length != frameCount")
      // NaN, infinity or a value near Float's limit would reach the mix as NaN or infinity.
      if let bad = channel.withUnsafeBufferPointer(SampleValueCheck.firstUnplayable) {
        preconditionFailure("unplayable sample \(bad.value) at frame \(bad.index)")
      }
    }
    precondition(
      audio.sampleRate.isFinite && audio.sampleRate > 0, "sample rate \(audio.sampleRate)")
    if let loop = audio.loop {
      precondition(
        loop.start >= 0 && loop.start < loop.end && loop.end <= audio.frameCount,
        "loop \(loop.start)..<\(loop.end) outside \(audio.frameCount) frames")
    }
    if let rootKey = audio.rootKey {
      precondition((0...127).contains(rootKey), "root key \(rootKey)")
    }
  }
}
