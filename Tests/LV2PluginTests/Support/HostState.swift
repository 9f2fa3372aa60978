import CLilv
import Foundation
import Testing

extension PluginInstance {
  /// Saves the instance as a host saves it in a session: lilv's state of its control ports and
  /// the plugin's own state, written to Turtle and read back.
  func savedState(in folder: URL) throws -> OpaquePointer {
    try lv2.state(fromTurtle: try savedTurtle(in: folder))
  }

  /// The Turtle a host writes for the instance's state in a session folder.
  func savedTurtle(in folder: URL) throws -> String {
    let state = try currentState(in: folder)
    defer { lilv_state_free(state) }
    // (outside #require, which would evaluate the string arguments apart from the call)
    let written = lilv_state_to_string(
      lv2.world, lv2.urids.map, lv2.urids.unmap, state, "urn:sfzsampler:test-state",
      "file://" + folder.path + "/")
    let text = try #require(written)
    defer { lilv_free(text) }
    return String(cString: text)
  }

  /// lilv's state of the instance: its control ports and the plugin's own state.
  func currentState(in folder: URL) throws -> OpaquePointer {
    let made = lilv_state_new_from_instance(
      lv2.plugin, instance, lv2.urids.map, nil, nil, nil, folder.path,
      { symbol, context, size, type in
        let plugin = Unmanaged<PluginInstance>.fromOpaque(context!).takeUnretainedValue()
        guard let index = plugin.symbols.firstIndex(of: String(cString: symbol!)),
          plugin.lv2.port(index, isA: URI.coreControlPort)
        else { return nil }
        size!.pointee = 4
        type!.pointee = plugin.lv2.urids.id(URI.atomFloat)
        return UnsafeRawPointer(plugin.portValues + index)
      }, Unmanaged.passUnretained(self).toOpaque(),
      UInt32(LV2_STATE_IS_POD.rawValue | LV2_STATE_IS_PORTABLE.rawValue),
      nil)
    return try #require(made)
  }

  /// Restores a saved state (or applies a preset) as a host does: the plugin's own state, then
  /// the control ports' values; with `ports` false, the plugin's own state only.
  func restore(_ state: OpaquePointer, ports: Bool = true) {
    let setPort: LilvSetPortValueFunc = { symbol, context, value, _, _ in
      let plugin = Unmanaged<PluginInstance>.fromOpaque(context!).takeUnretainedValue()
      if let index = plugin.symbols.firstIndex(of: String(cString: symbol!)) {
        plugin.portValues[index] = value!.load(as: Float.self)
      }
    }
    lilv_state_restore(
      state, instance, ports ? setPort : nil, Unmanaged.passUnretained(self).toOpaque(), 0, nil)
  }
}

extension LV2World {
  /// A state read from the Turtle ``PluginInstance/savedTurtle(in:)`` wrote.
  func state(fromTurtle text: String) throws -> OpaquePointer {
    let read = lilv_state_new_from_string(world, urids.map, text)
    return try #require(read)
  }
}
