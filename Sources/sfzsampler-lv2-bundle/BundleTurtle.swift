import CSFZSamplerLV2
import CSamplerCore
import SFZSamplerLV2

/// The bundle's Turtle files, made from the plugin's port table and preset list.
enum BundleTurtle {
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

  static func presetURI(_ preset: PluginPreset) -> String {
    "<\(SFZLV2_URI_PREFIX)preset-\(preset.name.replacingOccurrences(of: " ", with: "-"))>"
  }

  /// manifest.ttl: the plugin, its binary and its presets, for hosts to discover cheaply.
  static func manifest(binary: String) -> String {
    var text =
      prefixes + """
        \(pluginURI)
          a lv2:Plugin ;
          lv2:binary <\(binary)> ;
          rdfs:seeAlso <sfzsampler.ttl> .

        """
    for preset in PluginPresets.all {
      text += """

        \(presetURI(preset))
          a pset:Preset ;
          lv2:appliesTo \(pluginURI) ;
          rdfs:seeAlso <presets.ttl> .

        """
    }
    return text
  }

  /// sfzsampler.ttl: the plugin's features, extensions and ports.
  static func plugin() -> String {
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
      audioPort(index: SFZLV2_PORT_OUT_LEFT, symbol: "out_left", name: "Left", side: "left"),
      audioPort(index: SFZLV2_PORT_OUT_RIGHT, symbol: "out_right", name: "Right", side: "right"),
    ]
    ports += PluginPorts.parameters.enumerated().map { controlPort($1, index: $0) }
    let properties = PluginPorts.parameters.map { parameter in
      let info = parameter.info
      return """
        <\(parameter.uri)>
          a lv2:Parameter ;
          rdfs:label "\(parameter.name)" ;
          rdfs:range atom:Float ;
          lv2:default \(number(info.default_value)) ;
          lv2:minimum \(number(info.minimum)) ;
          lv2:maximum \(number(info.maximum)) .

        """
    }
    return prefixes + """
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

      \(pluginURI)
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

  static func controlPort(_ parameter: PluginParameter, index: Int) -> String {
    let info = parameter.info
    var lines = [
      "a lv2:InputPort, lv2:ControlPort",
      "lv2:index \(PluginPorts.portIndex(ofParameter: index))",
      "lv2:symbol \"\(parameter.symbol)\"",
      "lv2:name \"\(parameter.name)\"",
      "lv2:default \(number(info.default_value))",
      "lv2:minimum \(number(info.minimum))",
      "lv2:maximum \(number(info.maximum))",
    ]
    if let unit = parameter.unit { lines.append("units:unit units:\(unit.rawValue)") }
    switch parameter.kind {
    case .continuous: break
    case .toggle: lines.append("lv2:portProperty lv2:toggled")
    case .integer: lines.append("lv2:portProperty lv2:integer")
    case .choice(let choices):
      lines.append("lv2:portProperty lv2:integer, lv2:enumeration")
      lines.append(
        "lv2:scalePoint "
          + choices.map { "[ rdfs:label \"\($0.label)\" ; rdf:value \($0.value) ]" }
          .joined(separator: ", "))
    }
    return "    [\n" + lines.map { "      " + $0 }.joined(separator: " ;\n") + "\n    ]"
  }

  /// presets.ttl: each preset's value of every port.
  static func presets() -> String {
    var text = prefixes
    for preset in PluginPresets.all {
      let values = PluginPorts.parameters.map { parameter in
        "    [ lv2:symbol \"\(parameter.symbol)\" ; pset:value \(number(preset.value(of: parameter))) ]"
      }
      text += """
        \(presetURI(preset))
          a pset:Preset ;
          lv2:appliesTo \(pluginURI) ;
          rdfs:label "\(preset.name)" ;
          lv2:port
        \(values.joined(separator: " ,\n")) .

        """
    }
    return text
  }

  /// A Turtle decimal that reads back as exactly `value`.
  static func number(_ value: Float) -> String {
    let text = "\(value)"
    return text.contains(".") || text.contains("e") ? text : text + ".0"
  }
}
