import BenchSupport
import Testing

/// The rigs the voice-count report times must hold the voices they claim and make sound.
struct VoiceRigTests {
  @Test(arguments: [1, 64, 1_024])
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
