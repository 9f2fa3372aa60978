import CLilv
import Foundation

/// A lilv world that has read LV2_PATH, and the plugin it found there.
final class LV2World: @unchecked Sendable {
  static let pluginURI = "https://github.com/sfzsampler/sfzsampler#instrument"

  let world: OpaquePointer
  let plugin: OpaquePointer
  let urids = URIDMap()

  init() throws(BundleError) {
    _ = try PluginBundle.folder.get()
    world = lilv_world_new()
    let path = lilv_new_string(world, PluginBundle.searchPath)
    lilv_world_set_option(world, "http://drobilla.net/ns/lilv#lv2-path", path)
    lilv_node_free(path)
    lilv_world_load_all(world)
    let uri = lilv_new_uri(world, Self.pluginURI)
    defer { lilv_node_free(uri) }
    guard let found = lilv_plugins_get_by_uri(lilv_world_get_all_plugins(world), uri) else {
      lilv_world_free(world)
      throw .notBuilt("lilv found no \(Self.pluginURI) in LV2_PATH=\(PluginBundle.searchPath)")
    }
    plugin = found
  }

  deinit { lilv_world_free(world) }

  /// The folder lilv loaded the plugin from.
  var bundlePath: String {
    let node = lilv_plugin_get_bundle_uri(plugin)
    var host: UnsafeMutablePointer<CChar>?
    let path = lilv_file_uri_parse(lilv_node_as_uri(node), &host)!
    defer { lilv_free(path) }
    return String(cString: path)
  }

  /// Port symbols by index.
  var portSymbols: [String] {
    (0..<lilv_plugin_get_num_ports(plugin)).map {
      String(
        cString: lilv_node_as_string(
          lilv_port_get_symbol(plugin, lilv_plugin_get_port_by_index(plugin, $0))))
    }
  }

  /// Minimum, maximum and default of each port (NaN where the .ttl gives none).
  var portRanges: [(minimum: Float, maximum: Float, default: Float)] {
    let count = Int(lilv_plugin_get_num_ports(plugin))
    var minimum = [Float](repeating: 0, count: count)
    var maximum = minimum
    var defaults = minimum
    lilv_plugin_get_port_ranges_float(plugin, &minimum, &maximum, &defaults)
    return (0..<count).map { (minimum[$0], maximum[$0], defaults[$0]) }
  }

  /// Whether port `index` is of class `classURI`.
  func port(_ index: Int, isA classURI: String) -> Bool {
    let node = lilv_new_uri(world, classURI)
    defer { lilv_node_free(node) }
    return lilv_port_is_a(plugin, lilv_plugin_get_port_by_index(plugin, UInt32(index)), node)
  }
}
