import CSFZSamplerLV2
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
  _ state: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
  _ document: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
  _ log: sfzlv2_log_function, _ context: UnsafeMutableRawPointer?
) -> Bool {
  let saved: PluginState
  do {
    saved = try plugin(host).save()
  } catch {
    log(context, SFZLV2_LOG_ERROR, "cannot save the state: \(error)")
    return false
  }
  path.pointee = saved.instrumentPath.flatMap { strdup($0) }
  state.pointee = saved.state.flatMap { strdup($0) }
  document.pointee = saved.document.flatMap { strdup($0) }
  guard state.pointee != nil, document.pointee != nil,
    saved.instrumentPath == nil || path.pointee != nil
  else {
    free(path.pointee)
    free(state.pointee)
    free(document.pointee)
    return false
  }
  return true
}

@_cdecl("sfzlv2_host_restore")
func hostRestore(
  _ host: UnsafeMutableRawPointer, _ path: UnsafePointer<CChar>?, _ state: UnsafePointer<CChar>?,
  _ document: UnsafePointer<CChar>?, _ carried: UnsafeMutablePointer<Bool>,
  _ log: sfzlv2_log_function, _ context: UnsafeMutableRawPointer?
) -> Bool {
  let saved = PluginState(
    instrumentPath: path.map { String(cString: $0) }, state: state.map { String(cString: $0) },
    document: document.map { String(cString: $0) })
  let host = plugin(host)
  guard let set = host.restore(saved, log: { level, message in log(context, level, message) })
  else { return false }
  for (index, parameter) in host.parameters.enumerated() {
    carried[index] = set.contains(parameter.identifier)
  }
  return true
}

private func plugin(_ host: UnsafeMutableRawPointer) -> PluginHost {
  Unmanaged<PluginHost>.fromOpaque(host).takeUnretainedValue()
}
