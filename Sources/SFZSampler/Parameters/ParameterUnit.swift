/// What a parameter's value measures, for a host that shows or edits it.
public enum ParameterUnit: String, Sendable, Codable, CaseIterable {
  /// A number with no unit of its own.
  case generic
  /// A linear gain factor: 1 is unity, 0 silence.
  case linearGain
  /// A time in seconds.
  case seconds
  /// A time in milliseconds.
  case milliseconds
  /// A frequency in hertz.
  case hertz
  /// Hundredths of an equal-tempered semitone.
  case cents
  /// Equal-tempered semitones.
  case semitones
  /// Decibels.
  case decibels
  /// Off (0) or on (1).
  case boolean
  /// One of the choices named by ``SamplerParameter/valueStrings``, by index.
  case indexed
  /// A count of voices.
  case voices
  /// A fraction or multiple: a level 0...1, a share of key tracking, a multiple of a frequency.
  case ratio
}
