import CSFZSamplerLV2
import Foundation
import SFZSampler
import SFZSamplerLV2

/// The bundle's Turtle files, made from a sampler configured as the plugin's: its parameter tree
/// gives the control ports, its factory presets the presets.
struct BundleTurtle {
  /// The sampler the ports and presets are read from.
  let sampler: Sampler
  /// The parameters with control ports, in port order.
  let parameters: [SamplerParameter]

  init(sampler: Sampler) {
    self.sampler = sampler
    parameters = PluginPorts.parameters(of: sampler)
  }

  static let prefixes = """
    @prefix atom: <http://lv2plug.in/ns/ext/atom#> .
    @prefix doap: <http://usefulinc.com/ns/doap#> .
    @prefix log: <http://lv2plug.in/ns/ext/log#> .
    @prefix lv2: <http://lv2plug.in/ns/lv2core#> .
    @prefix midi: <http://lv2plug.in/ns/ext/midi#> .
    @prefix opts: <http://lv2plug.in/ns/ext/options#> .
    @prefix param: <http://lv2plug.in/ns/ext/parameters#> .
    @prefix patch: <http://lv2plug.in/ns/ext/patch#> .
    @prefix pg: <http://lv2plug.in/ns/ext/port-groups#> .
    @prefix pset: <http://lv2plug.in/ns/ext/presets#> .
    @prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
    @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
    @prefix state: <http://lv2plug.in/ns/ext/state#> .
    @prefix time: <http://lv2plug.in/ns/ext/time#> .
    @prefix units: <http://lv2plug.in/ns/extensions/units#> .
    @prefix urid: <http://lv2plug.in/ns/ext/urid#> .
    @prefix work: <http://lv2plug.in/ns/ext/worker#> .

    """

  static let pluginURI = "<\(SFZLV2_PLUGIN_URI)>"

  static func presetURI(_ preset: SamplerPreset) -> String {
    "<\(SFZLV2_URI_PREFIX)preset-\(preset.name.replacingOccurrences(of: " ", with: "-"))>"
  }

  /// manifest.ttl: the plugin, its binary and its presets, for hosts to discover cheaply.
  func manifest(binary: String) -> String {
    var text =
      Self.prefixes + """
        \(Self.pluginURI)
          a lv2:Plugin ;
          lv2:binary <\(binary)> ;
          rdfs:seeAlso <sfzsampler.ttl> .

        """
    for preset in sampler.factoryPresets {
      text += """

        \(Self.presetURI(preset))
          a pset:Preset ;
          lv2:appliesTo \(Self.pluginURI) ;
          rdfs:seeAlso <presets.ttl> .

        """
    }
    return text
  }

  /// sfzsampler.ttl: the plugin's features, extensions and ports.
  func plugin() -> String {
    var ports = [
      """
        [
          a lv2:InputPort, atom:AtomPort ;
          atom:bufferType atom:Sequence ;
          atom:supports midi:MidiEvent, patch:Message, time:Position ;
          lv2:designation lv2:control ;
          lv2:index \(SFZLV2_PORT_CONTROL) ;
          lv2:symbol "control" ;
          lv2:name "Control"
        ]
      """,
      """
        [
          a lv2:OutputPort, atom:AtomPort ;
          atom:bufferType atom:Sequence ;
          atom:supports patch:Message ;
          lv2:designation lv2:control ;
          lv2:index \(SFZLV2_PORT_NOTIFY) ;
          lv2:symbol "notify" ;
          lv2:name "Notify"
        ]
      """,
      Self.audioPort(
        index: SFZLV2_PORT_OUT_LEFT, symbol: "out_left", name: "Left", side: "left"),
      Self.audioPort(
        index: SFZLV2_PORT_OUT_RIGHT, symbol: "out_right", name: "Right", side: "right"),
    ]
    ports += parameters.enumerated().map { Self.controlPort($1, index: $0) }
    let properties = parameters.map { parameter in
      """
      <\(parameter.propertyURI)>
        a lv2:Parameter ;
        rdfs:label \(Self.quoted(parameter.name)) ;
        rdfs:range atom:Float ;
        lv2:default \(Self.number(parameter.defaultValue)) ;
        lv2:minimum \(Self.number(parameter.minimum)) ;
        lv2:maximum \(Self.number(parameter.maximum)) .

      """
    }
    return Self.prefixes + """
      <\(SFZLV2_INSTRUMENT_FILE_URI)>
        a lv2:Parameter ;
        rdfs:label "SFZ instrument" ;
        rdfs:comment "The .sfz file the sampler plays, loaded on the worker thread." ;
        rdfs:range atom:Path .

      \(properties.joined(separator: "\n"))
      <\(SFZLV2_URI_PREFIX)stereo>
        a pg:StereoGroup, pg:OutputGroup ;
        lv2:symbol "out" ;
        rdfs:label "Output" .

      \(Self.pluginURI)
        a lv2:Plugin, lv2:InstrumentPlugin ;
        doap:name "SFZSampler" ;
        rdfs:comment "Plays SFZ instruments. Set the instrument file through patch:Set \
      (the host's file chooser); parameters are control ports, or patch:Set of their \
      properties for changes on an exact frame." ;
        lv2:requiredFeature urid:map, work:schedule ;
        lv2:optionalFeature lv2:hardRTCapable, log:log, opts:options, state:mapPath, \
      state:freePath ;
        lv2:extensionData state:interface, work:interface ;
        opts:supportedOption param:sampleRate ;
        patch:writable <\(SFZLV2_INSTRUMENT_FILE_URI)> ;
        lv2:port
      \(ports.joined(separator: " ,\n")) .

      """
  }

  static func audioPort(index: Int, symbol: String, name: String, side: String) -> String {
    """
      [
        a lv2:OutputPort, lv2:AudioPort ;
        lv2:index \(index) ;
        lv2:symbol "\(symbol)" ;
        lv2:name "\(name)" ;
        pg:group <\(SFZLV2_URI_PREFIX)stereo> ;
        lv2:designation pg:\(side)
      ]
    """
  }

  static func controlPort(_ parameter: SamplerParameter, index: Int) -> String {
    var lines = [
      "a lv2:InputPort, lv2:ControlPort",
      "lv2:index \(PluginPorts.portIndex(ofParameter: index))",
      "lv2:symbol \(quoted(parameter.portSymbol))",
      "lv2:name \(quoted(parameter.name))",
      "lv2:default \(number(parameter.defaultValue))",
      "lv2:minimum \(number(parameter.minimum))",
      "lv2:maximum \(number(parameter.maximum))",
    ]
    if let unit = parameter.unit.lv2Unit { lines.append("units:unit units:\(unit)") }
    let properties = parameter.unit.lv2PortProperties
    if !properties.isEmpty {
      lines.append("lv2:portProperty " + properties.joined(separator: ", "))
    }
    if parameter.unit == .indexed {
      let points = parameter.valueStrings.enumerated().map { value, label in
        "[ rdfs:label \(quoted(label)) ; rdf:value \(value) ]"
      }
      lines.append("lv2:scalePoint " + points.joined(separator: ", "))
    }
    return "    [\n" + lines.map { "      " + $0 }.joined(separator: " ;\n") + "\n    ]"
  }

  /// presets.ttl: each factory preset's value of every port it sets, read back from the sampler
  /// with the preset chosen. The document settings (master tune) have no value in a preset,
  /// so choosing one leaves them alone, as the library's presets do.
  func presets() -> String {
    var text = Self.prefixes
    for preset in sampler.factoryPresets {
      sampler.currentPreset = preset
      let values = parameters.filter { !$0.isDocumentSetting }.map { parameter in
        "    [ lv2:symbol \(Self.quoted(parameter.portSymbol)) ; "
          + "pset:value \(Self.number(sampler.parameters[parameter])) ]"
      }
      text += """
        \(Self.presetURI(preset))
          a pset:Preset ;
          lv2:appliesTo \(Self.pluginURI) ;
          rdfs:label \(Self.quoted(preset.name)) ;
          lv2:port
        \(values.joined(separator: " ,\n")) .

        """
    }
    return text
  }

  /// A Turtle string literal.
  static func quoted(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// A Turtle decimal that reads back as exactly `value`.
  static func number(_ value: Float) -> String {
    let text = "\(value)"
    return text.contains(".") || text.contains("e") ? text : text + ".0"
  }
}
