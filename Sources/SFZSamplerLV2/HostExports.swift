import CSFZSamplerLV2
import CSamplerCore
import Foundation

// The functions the C half calls (Sources/CSFZSamplerLV2/host.h), from instantiate, cleanup, the
// worker and the state functions: never from run().

@_cdecl("sfzlv2_host_create")
func hostCreate(sampleRate: Double, engine: UnsafeMutablePointer<OpaquePointer?>)
  -> UnsafeMutableRawPointer?
{
  guard sampleRate.isFinite, sampleRate > 0 else { return nil }
  let host = PluginHost(sampleRate: sampleRate)
  engine.pointee = host.engine
  return Unmanaged.passRetained(host).toOpaque()
}

@_cdecl("sfzlv2_host_destroy")
func hostDestroy(_ host: UnsafeMutableRawPointer) {
  Unmanaged<PluginHost>.fromOpaque(host).release()
}

@_cdecl("sfzlv2_host_parameters")
func hostParameters(
  _ host: UnsafeMutableRawPointer, _ numbers: UnsafeMutablePointer<UInt32>, _ capacity: UInt32
) -> UInt32 {
  let parameters = plugin(host).parameters
  for (index, parameter) in parameters.prefix(Int(capacity)).enumerated() {
    numbers[index] = UInt32(parameter.address)
  }
  return UInt32(parameters.count)
}

@_cdecl("sfzlv2_host_parameter_uri")
func hostParameterURI(_ host: UnsafeMutableRawPointer, _ index: UInt32)
  -> UnsafeMutablePointer<CChar>?
{
  let parameters = plugin(host).parameters
  guard Int(index) < parameters.count else { return nil }
  return strdup(parameters[Int(index)].propertyURI)
}

@_cdecl("sfzlv2_host_load")
func hostLoad(
  _ host: UnsafeMutableRawPointer, _ path: UnsafePointer<CChar>, _ log: sfzlv2_log_function,
  _ context: UnsafeMutableRawPointer?
) -> Bool {
  plugin(host).load(path: String(cString: path)) { level, message in log(context, level, message) }
}

@_cdecl("sfzlv2_host_collect")
func hostCollect(_ host: UnsafeMutableRawPointer) {
  plugin(host).collect()
}

@_cdecl("sfzlv2_host_save")
func hostSave(
  _ host: UnsafeMutableRawPointer, _ path: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
  _ state: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> Bool {
  let saved = plugin(host).save()
  path.pointee = saved.path.flatMap { strdup($0) }
  state.pointee = strdup(saved.state.json)
  return state.pointee != nil && (saved.path == nil || path.pointee != nil)
}

@_cdecl("sfzlv2_host_restore")
func hostRestore(
  _ host: UnsafeMutableRawPointer, _ path: UnsafePointer<CChar>?, _ state: UnsafePointer<CChar>?,
  _ log: sfzlv2_log_function, _ context: UnsafeMutableRawPointer?
) -> Bool {
  plugin(host).restore(
    path: path.map { String(cString: $0) }, state: state.map { String(cString: $0) }
  ) {
    level, message in log(context, level, message)
  }
}

private func plugin(_ host: UnsafeMutableRawPointer) -> PluginHost {
  Unmanaged<PluginHost>.fromOpaque(host).takeUnretainedValue()
}
