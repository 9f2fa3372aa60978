import CLilv

/// What the plugin's .ttl says of one port, read through lilv as a host reads it.
struct PortDescription {
  var symbol: String
  var name: String
  var minimum: Float
  var maximum: Float
  var defaultValue: Float
  /// The units:unit URI; nil without one.
  var unit: String?
  /// The lv2:portProperty URIs.
  var properties: Set<String>
  /// The scale points' labels by value.
  var scalePoints: [Float: String]
}

extension LV2World {
  /// Port `index` as lilv reads it.
  func portDescription(_ index: Int) -> PortDescription {
    let port = lilv_plugin_get_port_by_index(plugin, UInt32(index))
    let name = lilv_port_get_name(plugin, port)
    defer { lilv_node_free(name) }
    let unitKey = lilv_new_uri(world, URI.unitsUnit)
    defer { lilv_node_free(unitKey) }
    let unit = lilv_port_get(plugin, port, unitKey)
    defer { lilv_node_free(unit) }
    var properties: Set<String> = []
    let nodes = lilv_port_get_properties(plugin, port)
    defer { lilv_nodes_free(nodes) }
    var iterator = lilv_nodes_begin(nodes)
    while !lilv_nodes_is_end(nodes, iterator) {
      properties.insert(String(cString: lilv_node_as_uri(lilv_nodes_get(nodes, iterator))))
      iterator = lilv_nodes_next(nodes, iterator)
    }
    var scalePoints: [Float: String] = [:]
    if let points = lilv_port_get_scale_points(plugin, port) {
      defer { lilv_scale_points_free(points) }
      var at = lilv_scale_points_begin(points)
      while !lilv_scale_points_is_end(points, at) {
        let point = lilv_scale_points_get(points, at)
        scalePoints[lilv_node_as_float(lilv_scale_point_get_value(point))] = String(
          cString: lilv_node_as_string(lilv_scale_point_get_label(point)))
        at = lilv_scale_points_next(points, at)
      }
    }
    let range = portRanges[index]
    return PortDescription(
      symbol: portSymbols[index], name: String(cString: lilv_node_as_string(name)),
      minimum: range.minimum, maximum: range.maximum, defaultValue: range.default,
      unit: unit.map { String(cString: lilv_node_as_uri($0)) }, properties: properties,
      scalePoints: scalePoints)
  }
}
