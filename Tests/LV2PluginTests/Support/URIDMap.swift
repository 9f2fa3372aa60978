import CLilv
import Foundation

/// The host's urid:map and urid:unmap: a URI gets the next number the first time it is seen.
final class URIDMap: @unchecked Sendable {
  private let lock = NSLock()
  private var ids: [String: LV2_URID] = [:]
  private var uris: [UnsafeMutablePointer<CChar>] = []
  /// The features' data; their handles point back at this object.
  let map: UnsafeMutablePointer<LV2_URID_Map>
  let unmap: UnsafeMutablePointer<LV2_URID_Unmap>

  init() {
    map = .allocate(capacity: 1)
    unmap = .allocate(capacity: 1)
    let handle = Unmanaged.passUnretained(self).toOpaque()
    map.initialize(
      to: LV2_URID_Map(
        handle: handle,
        map: { handle, uri in
          Unmanaged<URIDMap>.fromOpaque(handle!).takeUnretainedValue().id(String(cString: uri!))
        }))
    unmap.initialize(
      to: LV2_URID_Unmap(
        handle: handle,
        unmap: { handle, id in
          Unmanaged<URIDMap>.fromOpaque(handle!).takeUnretainedValue().uri(id)
        }))
  }

  deinit {
    map.deallocate()
    unmap.deallocate()
    for uri in uris { free(uri) }
  }

  /// The number of `uri`.
  func id(_ uri: String) -> LV2_URID {
    lock.withLock {
      if let id = ids[uri] { return id }
      uris.append(strdup(uri))
      ids[uri] = LV2_URID(uris.count)
      return LV2_URID(uris.count)
    }
  }

  /// The URI numbered `id`, as a C string that lives as long as the map.
  func uri(_ id: LV2_URID) -> UnsafePointer<CChar>? {
    lock.withLock { id >= 1 && Int(id) <= uris.count ? UnsafePointer(uris[Int(id) - 1]) : nil }
  }
}
