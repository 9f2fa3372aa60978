import CLilv
import Foundation

/// One instance of the plugin as a host runs it: its ports connected to buffers the host owns,
/// the features it needs (urid:map, the worker, the log, options), and a worker the test runs
/// when it chooses, as a host's worker thread would.
final class PluginInstance: @unchecked Sendable {
  static let bufferBytes = 1 << 16

  let lv2: LV2World
  let instance: UnsafeMutablePointer<LilvInstance>
  let sampleRate: Double
  let maximumBlock: Int
  let left: UnsafeMutablePointer<Float>
  let right: UnsafeMutablePointer<Float>
  /// The input sequence, written with `input` before each `run`.
  let input: SequenceWriter
  let notify: UnsafeMutableRawPointer
  /// One value per port (only control inputs are connected to theirs).
  let portValues: UnsafeMutablePointer<Float>
  let symbols: [String]
  let worker = Worker()
  private let features: Features
  private let chunk: LV2_URID
  /// What the plugin logged, in order.
  var logged: [String] { features.logged }

  init(_ lv2: LV2World, sampleRate: Double, maximumBlock: Int) throws(BundleError) {
    self.lv2 = lv2
    self.sampleRate = sampleRate
    self.maximumBlock = maximumBlock
    chunk = lv2.urids.id(URI.atomChunk)
    features = Features(
      urids: lv2.urids, worker: worker, sampleRate: sampleRate, maximumBlock: maximumBlock)
    guard let made = lilv_plugin_instantiate(lv2.plugin, sampleRate, features.list) else {
      throw .notBuilt("the plugin did not instantiate at \(sampleRate) Hz: \(features.logged)")
    }
    instance = made
    left = .allocate(capacity: maximumBlock)
    right = .allocate(capacity: maximumBlock)
    input = SequenceWriter(urids: lv2.urids, capacity: Self.bufferBytes)
    notify = .allocate(byteCount: Self.bufferBytes, alignment: 8)
    symbols = lv2.portSymbols
    portValues = .allocate(capacity: symbols.count)
    for (index, range) in lv2.portRanges.enumerated() { portValues[index] = range.default }
    worker.interface = lilv_instance_get_extension_data(instance, URI.workerInterface)?
      .assumingMemoryBound(to: LV2_Worker_Interface.self)
    worker.handle = lilv_instance_get_handle(instance)
    for index in symbols.indices {
      let port = UInt32(index)
      if lv2.port(index, isA: URI.coreControlPort) {
        lilv_instance_connect_port(instance, port, portValues + index)
      } else if lv2.port(index, isA: URI.coreAudioPort) {
        lilv_instance_connect_port(instance, port, symbols[index] == "out_left" ? left : right)
      } else if lv2.port(index, isA: URI.coreInputPort) {
        lilv_instance_connect_port(instance, port, input.buffer)
      } else {
        lilv_instance_connect_port(instance, port, notify)
      }
    }
    lilv_instance_activate(instance)
  }

  deinit {
    lilv_instance_deactivate(instance)
    lilv_instance_free(instance)
    left.deallocate()
    right.deallocate()
    notify.deallocate()
    portValues.deallocate()
  }

  /// The value of the control port `symbol`.
  subscript(symbol: String) -> Float {
    get { portValues[symbols.firstIndex(of: symbol)!] }
    set { portValues[symbols.firstIndex(of: symbol)!] = newValue }
  }

  /// Runs one block with what `input` holds (closing it first), as a host's audio thread would:
  /// the output sequence gets its capacity, then run(), then the worker's responses. Allocates
  /// nothing of its own.
  func run(frames: Int) {
    input.finish()
    let header = notify.assumingMemoryBound(to: LV2_Atom.self)
    header.pointee.size = UInt32(Self.bufferBytes - MemoryLayout<LV2_Atom>.size)
    header.pointee.type = chunk
    lilv_instance_run(instance, UInt32(frames))
    worker.deliverResponses()
  }

  /// Runs the work run() scheduled, as the host's worker thread does between blocks.
  func runWorker() { worker.perform() }

  /// Renders `frames` frames in blocks of `block`, with `events` (absolute frames) written into
  /// each block's sequence by `write`, and returns left and right.
  func render<Event>(
    frames: Int, block: Int, events: [(frame: Int, event: Event)],
    write: (SequenceWriter, Int, Event) -> Void
  ) -> (left: [Float], right: [Float]) {
    var outLeft = [Float](repeating: 0, count: frames)
    var outRight = outLeft
    var next = 0
    var start = 0
    while start < frames {
      let count = min(block, frames - start)
      input.begin()
      while next < events.count, events[next].frame < start + count {
        write(input, events[next].frame - start, events[next].event)
        next += 1
      }
      run(frames: count)
      for i in 0..<count {
        outLeft[start + i] = left[i]
        outRight[start + i] = right[i]
      }
      start += count
    }
    return (outLeft, outRight)
  }

  /// The instrument paths the last run() reported with patch:Set.
  var reportedInstruments: [String] {
    OutputSequence(notify, urids: lv2.urids).patchSetPaths(
      property: lv2.urids.id(URI.instrumentFile))
  }

  /// Sets the instrument through patch:Set in a one-frame block, runs the worker, and two more
  /// one-frame blocks: after the first the host hands the plugin the worker's answer, in the
  /// second the plugin reports the loaded file.
  func loadInstrument(_ path: String) {
    input.begin()
    input.setPath(frame: 0, property: URI.instrumentFile, path: path)
    run(frames: 1)
    runWorker()
    for _ in 0..<2 {
      input.begin()
      run(frames: 1)
    }
  }
}

/// The features an instance is made with; they live as long as it.
private final class Features: @unchecked Sendable {
  let list: UnsafeMutablePointer<UnsafePointer<LV2_Feature>?>
  private var features: [UnsafeMutablePointer<LV2_Feature>] = []
  private var strings: [UnsafeMutablePointer<CChar>] = []
  private let log = UnsafeMutablePointer<lv2test_log>.allocate(capacity: 1)
  private let schedule = UnsafeMutablePointer<LV2_Worker_Schedule>.allocate(capacity: 1)
  private let options = UnsafeMutablePointer<LV2_Options_Option>.allocate(capacity: 4)
  private let optionValues = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
  private let rate = UnsafeMutablePointer<Float>.allocate(capacity: 1)
  private let lock = NSLock()
  private var messages: [String] = []
  var logged: [String] { lock.withLock { messages } }

  init(urids: URIDMap, worker: Worker, sampleRate: Double, maximumBlock: Int) {
    lv2test_log_init(
      log,
      { context, _, message in
        let features = Unmanaged<Features>.fromOpaque(context!).takeUnretainedValue()
        features.lock.withLock { features.messages.append(String(cString: message!)) }
      }, nil)
    schedule.initialize(
      to: LV2_Worker_Schedule(
        handle: Unmanaged.passUnretained(worker).toOpaque(),
        schedule_work: { handle, size, data in
          Unmanaged<Worker>.fromOpaque(handle!).takeUnretainedValue().schedule(size, data!)
        }))
    rate.pointee = Float(sampleRate)
    optionValues[0] = Int32(maximumBlock)
    optionValues[1] = 1
    let instanceContext = LV2_OPTIONS_INSTANCE
    options[0] = LV2_Options_Option(
      context: instanceContext, subject: 0, key: urids.id(URI.parametersSampleRate),
      size: 4, type: urids.id(URI.atomFloat), value: rate)
    options[1] = LV2_Options_Option(
      context: instanceContext, subject: 0, key: urids.id(URI.bufsizeMaxBlockLength),
      size: 4, type: urids.id(URI.atomInt), value: optionValues)
    options[2] = LV2_Options_Option(
      context: instanceContext, subject: 0, key: urids.id(URI.bufsizeMinBlockLength),
      size: 4, type: urids.id(URI.atomInt), value: optionValues + 1)
    options[3] = LV2_Options_Option(
      context: instanceContext, subject: 0, key: 0, size: 0, type: 0, value: nil)
    list = .allocate(capacity: 7)
    let data: [(String, UnsafeMutableRawPointer)] = [
      (URI.uridMap, UnsafeMutableRawPointer(urids.map)),
      (URI.uridUnmap, UnsafeMutableRawPointer(urids.unmap)),
      (URI.workerSchedule, UnsafeMutableRawPointer(schedule)),
      (
        URI.logLog,
        UnsafeMutableRawPointer(log).advanced(by: MemoryLayout<lv2test_log>.offset(of: \.log)!)
      ),
      (URI.optionsOptions, UnsafeMutableRawPointer(options)),
      (URI.bufsizeBoundedBlockLength, UnsafeMutableRawPointer(optionValues)),
    ]
    for (index, (uri, pointer)) in data.enumerated() {
      let string = strdup(uri)!
      strings.append(string)
      let feature = UnsafeMutablePointer<LV2_Feature>.allocate(capacity: 1)
      feature.initialize(to: LV2_Feature(URI: string, data: pointer))
      features.append(feature)
      list[index] = UnsafePointer(feature)
    }
    list[data.count] = nil
    log.pointee.context = Unmanaged.passUnretained(self).toOpaque()
  }

  deinit {
    for feature in features { feature.deallocate() }
    for string in strings { free(string) }
    list.deallocate()
    log.deallocate()
    schedule.deallocate()
    options.deallocate()
    optionValues.deallocate()
    rate.deallocate()
  }
}
