import CLilv
import Foundation

/// The host side of the LV2 worker: run() schedules work into one buffer and the worker's
/// responses go into another, both allocated up front so that scheduling from run() allocates
/// nothing; `perform` is the worker thread's turn, `deliverResponses` the audio thread's.
final class Worker: @unchecked Sendable {
  static let capacity = 1 << 16
  var interface: UnsafePointer<LV2_Worker_Interface>?
  var handle: LV2_Handle?
  private let requests = Messages(capacity: capacity)
  private let responses = Messages(capacity: capacity)

  /// schedule_work: copies the message; fails when the buffer is full, as a host's ring would.
  func schedule(_ size: UInt32, _ data: UnsafeRawPointer) -> LV2_Worker_Status {
    requests.append(size, data) ? LV2_WORKER_SUCCESS : LV2_WORKER_ERR_NO_SPACE
  }

  /// Runs every scheduled message through the plugin's work().
  func perform() {
    guard let interface, let work = interface.pointee.work else { return }
    let respond: LV2_Worker_Respond_Function = { handle, size, data in
      let worker = Unmanaged<Worker>.fromOpaque(handle!).takeUnretainedValue()
      return worker.responses.append(size, data!) ? LV2_WORKER_SUCCESS : LV2_WORKER_ERR_NO_SPACE
    }
    requests.drain { size, data in
      _ = work(handle, respond, Unmanaged.passUnretained(self).toOpaque(), size, data)
    }
  }

  /// Hands the worker's responses to work_response(), as a host does after run().
  func deliverResponses() {
    guard let interface, let response = interface.pointee.work_response else { return }
    responses.drain { size, data in _ = response(handle, size, data) }
  }

  /// Messages scheduled and not yet run.
  var pendingCount: Int { requests.count }
}

/// Size-prefixed messages in one fixed buffer.
private final class Messages: @unchecked Sendable {
  private let buffer: UnsafeMutableRawPointer
  private let capacity: Int
  private var used = 0
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = capacity
    buffer = .allocate(byteCount: capacity, alignment: 8)
  }

  deinit { buffer.deallocate() }

  func append(_ size: UInt32, _ data: UnsafeRawPointer) -> Bool {
    let stride = (4 + Int(size) + 7) & ~7
    guard used + stride <= capacity else { return false }
    buffer.storeBytes(of: size, toByteOffset: used, as: UInt32.self)
    (buffer + used + 4).copyMemory(from: data, byteCount: Int(size))
    used += stride
    count += 1
    return true
  }

  func drain(_ body: (UInt32, UnsafeRawPointer) -> Void) {
    var offset = 0
    while offset < used {
      let size = buffer.load(fromByteOffset: offset, as: UInt32.self)
      body(size, buffer + offset + 4)
      offset += (4 + Int(size) + 7) & ~7
    }
    used = 0
    count = 0
  }
}
