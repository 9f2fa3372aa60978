/// The MIDI numbers the MPE receiver reads (MIDI 1.0 and MIDI Polyphonic Expression 1.0).
enum MIDINumbers {
  /// Controllers.
  static let dataEntryMSB: UInt8 = 6
  static let dataEntryLSB: UInt8 = 38
  static let timbre: UInt8 = 74  // MPE's third dimension of touch (section 2.2)
  static let nonRegisteredLSB: UInt8 = 98
  static let nonRegisteredMSB: UInt8 = 99
  static let registeredLSB: UInt8 = 100
  static let registeredMSB: UInt8 = 101
  static let allSoundOff: UInt8 = 120
  static let resetAllControllers: UInt8 = 121
  static let allNotesOff: UInt8 = 123
  /// The controllers that select and set parameters rather than control anything.
  static let parameterControllers: Set<UInt8> = [
    dataEntryMSB, dataEntryLSB, nonRegisteredLSB, nonRegisteredMSB, registeredLSB, registeredMSB,
  ]

  /// Registered parameter numbers, as (MSB, LSB).
  static let pitchBendSensitivity = RegisteredParameter(msb: 0, lsb: 0)
  static let mpeConfiguration = RegisteredParameter(msb: 0, lsb: 6)
  static let nullParameter = RegisteredParameter(msb: 127, lsb: 127)

  /// CC74's neutral value, and pitch bend's full swing each way.
  static let timbreCentre: UInt8 = 64
  static let bendUp = 8191.0
  static let bendDown = 8192.0
}

/// A registered parameter number (RPN) as its two controller values.
struct RegisteredParameter: Hashable, Sendable {
  var msb: UInt8
  var lsb: UInt8
}
