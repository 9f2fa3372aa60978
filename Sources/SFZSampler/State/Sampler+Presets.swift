import Foundation

extension Sampler {
  /// The factory presets: the library's own (0 "Default" sets every parameter to its default,
  /// then "Mono Lead", "Soft Pad" and "Pluck"), then, from number 100, those of the SFZ
  /// instrument playing (its sidecar file `NAME.presets.json`, read by
  /// ``loadInstrument(url:strict:defines:)``).
  public var factoryPresets: [SamplerPreset] {
    FactoryPresets.all + (lock.withLock { instrumentFile?.presets } ?? [])
  }

  /// The preset last chosen (or restored with a state); "Default" until one is. Choosing a
  /// preset sets every parameter except the document settings: those it names to its values,
  /// the rest to their defaults (values out of range are clamped; one that is not a finite
  /// number counts as left out). Choosing nil changes no value. Changing a parameter afterwards
  /// leaves the preset current, as in Audio Units.
  public var currentPreset: SamplerPreset? {
    get { lock.withLock { selectedPreset } }
    set {
      parameters.batch {
        if let newValue { apply(newValue.values) }
        lock.withLock { selectedPreset = newValue }
      }
    }
  }

  /// A preset holding the current value of every parameter except the document settings, to
  /// save in a ``UserPresetFolder`` (give it a negative number there).
  public func preset(number: Int, name: String) -> SamplerPreset {
    SamplerPreset(number: number, name: name, values: soundValues())
  }

  /// Every parameter's value by identifier, document settings aside.
  func soundValues() -> [String: Float] {
    var values: [String: Float] = [:]
    for parameter in parameters.all where !parameter.isDocumentSetting {
      values[parameter.identifier] = parameters[parameter]
    }
    return values
  }

  /// Sets every parameter but the document settings: to its value in `values`, or its default.
  func apply(_ values: [String: Float]) {
    for parameter in parameters.all where !parameter.isDocumentSetting {
      let given = values[parameter.identifier].flatMap(parameter.clamped)
      parameters[parameter] = given ?? parameter.defaultValue
    }
  }
}
