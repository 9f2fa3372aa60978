import CSFZSamplerLV2
import Foundation
import SFZSampler

/// The sampler every plugin instance plays, and how its parameter tree becomes the plugin's
/// control ports: one control input per parameter of the tree, in address order, from
/// `SFZLV2_PORT_FIRST_PARAMETER` on (sfzsampler_lv2.h). Tempo is not in the tree: it comes from
/// the host's time:Position.
public enum PluginPorts {
  /// Voices the plugin's sampler may sound at once: the maximum and default of
  /// `voice.polyphony`.
  public static let maximumPolyphony = 128

  /// The interpolation the plugin's sampler is made with: the default of `voice.quality`.
  public static let quality = InterpolationQuality.hermite

  /// A sampler made as each plugin instance makes its own; the bundle writer reads the ports'
  /// ranges and the presets from one, so the .ttl files say what the plugin does.
  public static func sampler(sampleRate: Double) -> Sampler {
    Sampler(sampleRate: sampleRate, maximumPolyphony: maximumPolyphony, quality: quality)
  }

  /// The parameters with control ports, in port order: the sampler's tree by address.
  public static func parameters(of sampler: Sampler) -> [SamplerParameter] {
    sampler.parameters.all.sorted { $0.address < $1.address }
  }

  /// The control port of parameter `index` of ``parameters(of:)``.
  public static func portIndex(ofParameter index: Int) -> Int {
    Int(SFZLV2_PORT_FIRST_PARAMETER) + index
  }
}

extension SamplerParameter {
  /// The control port's symbol: the identifier with `.` replaced by `_`, since LV2 symbols are
  /// C identifiers (`ampEnvelope_attack`).
  public var portSymbol: String { identifier.replacingOccurrences(of: ".", with: "_") }

  /// The patch property a host sets the parameter with on an exact frame: the plugin's URI
  /// prefix and the identifier (`…#ampEnvelope.attack`).
  public var propertyURI: String { SFZLV2_URI_PREFIX + identifier }
}
