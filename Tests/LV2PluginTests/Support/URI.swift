/// The LV2 URIs the test host uses (lv2's headers build them by macro concatenation, which
/// Swift does not import).
enum URI {
  static let atomChunk = "http://lv2plug.in/ns/ext/atom#Chunk"
  static let atomFloat = "http://lv2plug.in/ns/ext/atom#Float"
  static let atomInt = "http://lv2plug.in/ns/ext/atom#Int"
  static let atomObject = "http://lv2plug.in/ns/ext/atom#Object"
  static let atomPath = "http://lv2plug.in/ns/ext/atom#Path"
  static let bufsizeBoundedBlockLength = "http://lv2plug.in/ns/ext/buf-size#boundedBlockLength"
  static let bufsizeMaxBlockLength = "http://lv2plug.in/ns/ext/buf-size#maxBlockLength"
  static let bufsizeMinBlockLength = "http://lv2plug.in/ns/ext/buf-size#minBlockLength"
  static let coreAudioPort = "http://lv2plug.in/ns/lv2core#AudioPort"
  static let coreControlPort = "http://lv2plug.in/ns/lv2core#ControlPort"
  static let coreInputPort = "http://lv2plug.in/ns/lv2core#InputPort"
  static let coreEnumeration = "http://lv2plug.in/ns/lv2core#enumeration"
  static let coreInteger = "http://lv2plug.in/ns/lv2core#integer"
  static let coreToggled = "http://lv2plug.in/ns/lv2core#toggled"
  static let logLog = "http://lv2plug.in/ns/ext/log#log"
  static let midiMidiEvent = "http://lv2plug.in/ns/ext/midi#MidiEvent"
  static let optionsOptions = "http://lv2plug.in/ns/ext/options#options"
  static let parametersSampleRate = "http://lv2plug.in/ns/ext/parameters#sampleRate"
  static let patchSet = "http://lv2plug.in/ns/ext/patch#Set"
  static let patchProperty = "http://lv2plug.in/ns/ext/patch#property"
  static let patchValue = "http://lv2plug.in/ns/ext/patch#value"
  static let presetsPreset = "http://lv2plug.in/ns/ext/presets#Preset"
  static let timePosition = "http://lv2plug.in/ns/ext/time#Position"
  static let timeBeat = "http://lv2plug.in/ns/ext/time#beat"
  static let timeBeatsPerMinute = "http://lv2plug.in/ns/ext/time#beatsPerMinute"
  static let unitsPrefix = "http://lv2plug.in/ns/extensions/units#"
  static let unitsUnit = "http://lv2plug.in/ns/extensions/units#unit"
  static let uridMap = "http://lv2plug.in/ns/ext/urid#map"
  static let uridUnmap = "http://lv2plug.in/ns/ext/urid#unmap"
  static let workerInterface = "http://lv2plug.in/ns/ext/worker#interface"
  static let workerSchedule = "http://lv2plug.in/ns/ext/worker#schedule"
  static let instrumentFile = "https://github.com/sfzsampler/sfzsampler#instrumentFile"

  /// The patch property of a parameter of the plugin.
  static func parameter(_ identifier: String) -> String {
    "https://github.com/sfzsampler/sfzsampler#" + identifier
  }
}
