import AudioTestSupport
import CSamplerCore
import Foundation
import Testing

@Suite("SIMD kernels")
struct KernelEquivalenceTests {
  static let rate = 48_000.0
  static let left: [Float] = (0..<20_000).map { (i: Int) -> Float in
    let x = Double(i)
    return Float(0.4 * sin(x * 0.071) + 0.2 * sin(x * 0.53))
  }
  static let right: [Float] = (0..<20_000).map { (i: Int) -> Float in
    Float(0.5 * sin(Double(i) * 0.043))
  }

  private func render(
    portable: Bool, quality: sc_quality, channels: Int, filter: sc_filter_type, loop: sc_loop_mode
  ) -> [Float] {
    let h = CoreHarness(sampleRate: Self.rate, quality: quality, portableKernels: portable)
    let data = channels == 2 ? [Self.left, Self.right] : [Self.left]
    h.load(samples: [(data, 44_100, nil)]) { r in
      r.loop_mode = loop
      r.loop_start = 3_000
      r.loop_end = 9_999
      r.filters.0.type = filter
      r.filters.0.cutoff = 3_000
      r.filters.0.resonance = 6
      r.ampeg.release = 0.02
    }
    let out = h.render(
      frames: 30_000,
      events: [
        Event.noteOn(60), Event.noteOn(67, 90, at: 100), Event.noteOn(50, 60, at: 3_001),
        Event.bend(3_000, at: 5_000), Event.noteOff(60, at: 20_000),
      ])
    return out.left + out.right
  }

  @Test("an x86-64 CPU with AVX2 and FMA runs the fast kernels; the portable switch forces plain C")
  func kernelsChosen() throws {
    let fast = CoreHarness()
    let plain = CoreHarness(portableKernels: true)
    #expect(String(cString: sc_engine_kernels(plain.engine)) == "portable")
    let flags = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let hasAVX2 = flags.contains(" avx2") && flags.contains(" fma")
    #expect(String(cString: sc_engine_kernels(fast.engine)) == (hasAVX2 ? "avx2" : "portable"))
  }

  @Test(
    "the fast kernels and the plain C fallback give the same audio within 1e-6",
    arguments: [SC_QUALITY_LINEAR, SC_QUALITY_HERMITE, SC_QUALITY_SINC], [1, 2])
  func sameAudio(quality: sc_quality, channels: Int) {
    for filter in [
      SC_FILTER_NONE, SC_FILTER_LPF_1P, SC_FILTER_HPF_1P, SC_FILTER_LPF_2P, SC_FILTER_HPF_2P,
      SC_FILTER_BPF_2P, SC_FILTER_BRF_2P,
    ] {
      for loop in [SC_LOOP_NONE, SC_LOOP_CONTINUOUS, SC_LOOP_SUSTAIN, SC_LOOP_ONE_SHOT] {
        let fast = render(
          portable: false, quality: quality, channels: channels, filter: filter, loop: loop)
        let plain = render(
          portable: true, quality: quality, channels: channels, filter: filter, loop: loop)
        let difference = zip(fast, plain).map { abs($0 - $1) }.max() ?? 0
        #expect(difference <= 1e-6, "\(quality) \(channels) ch \(filter) \(loop): \(difference)")
        #expect(Measure.peak(plain[...]) > 0.1, "it played")
      }
    }
  }
}
