import BenchSupport
import Testing

/// The rigs the voice-count report times must hold the voices they claim and make sound.
struct VoiceRigTests {
  @Test(arguments: [1, 64, 1_024, 4_096])
  func holdsExactlyTheVoicesAskedFor(voices: Int) throws {
    let rig = try VoiceRig(
      RenderConfiguration(interpolation: .hermite, filter: true), voiceCount: voices)
    var peak: Float = 0
    for _ in 0..<20 {
      rig.engine.render()
      for i in 0..<rig.engine.blockFrames {
        peak = max(peak, abs(rig.engine.left[i]), abs(rig.engine.right[i]))
      }
    }
    #expect(rig.engine.activeVoices == voices)
    #expect(peak > 0.001)
  }

  /// The 16-bit rig plays the same tone, rounded to 16 bits: the same audio within a few
  /// 16-bit steps of the voices' sum.
  @Test func sixteenBitRigPlaysTheSameTone() throws {
    let float = try VoiceRig(RenderConfiguration(interpolation: .hermite), voiceCount: 16)
    let compact = try VoiceRig(
      RenderConfiguration(interpolation: .hermite, int16Samples: true), voiceCount: 16)
    #expect(compact.configuration.name == "hermite_stereo_ratio1.5_int16")
    var largest: Float = 0
    var peak: Float = 0
    for _ in 0..<20 {
      float.engine.render()
      compact.engine.render()
      for i in 0..<float.engine.blockFrames {
        largest = max(largest, abs(float.engine.left[i] - compact.engine.left[i]))
        peak = max(peak, abs(float.engine.left[i]))
      }
    }
    #expect(compact.engine.activeVoices == 16)
    #expect(peak > 0.01)
    #expect(largest < 16 * 1.0 / 32_768, "largest difference \(largest)")
  }

  @Test func portableKernelsAreSelected() throws {
    let rig = try VoiceRig(
      RenderConfiguration(interpolation: .sinc, portableKernels: true), voiceCount: 4)
    #expect(rig.engine.kernels == "portable")
  }

  @Test func matrixNamesAreUniqueIdentifiers() {
    let names = RenderConfiguration.matrix.map(\.name)
    #expect(Set(names).count == 24)
    #expect(names.allSatisfy { $0.allSatisfy { $0.isLetter || $0.isNumber || "_.".contains($0) } })
  }
}
