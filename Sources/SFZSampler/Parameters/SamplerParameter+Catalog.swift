import CSamplerCore

extension SamplerParameter {
  /// What Swift adds to an engine parameter: its identifier, names and unit. Range, default and
  /// ramping come from the engine.
  struct Entry: Sendable {
    var address: Int
    var identifier: String
    var name: String
    var groupName: String
    var unit: ParameterUnit
    var valueStrings: [String] = []
    var isDocumentSetting = false
  }

  /// Every parameter of the tree, by address. SC_PARAM_TEMPO (8) is not one: the host's tempo
  /// arrives with the song, as ``SamplerEvent/tempo(bpm:frame:)``.
  static let catalog: [Entry] = [
    Entry(
      address: 0, identifier: "master.volume", name: "Master Volume", groupName: "Master",
      unit: .linearGain),
    Entry(
      address: 1, identifier: "voice.loopThroughRelease", name: "Loop Through Release",
      groupName: "Voice", unit: .boolean),
    Entry(
      address: 2, identifier: "voice.monophonic", name: "Monophonic", groupName: "Voice",
      unit: .boolean),
    Entry(
      address: 3, identifier: "voice.legato", name: "Legato", groupName: "Voice", unit: .boolean),
    Entry(
      address: 4, identifier: "voice.glideRate", name: "Glide Rate (s/octave)", groupName: "Voice",
      unit: .seconds),
    Entry(
      address: 5, identifier: "vibrato.depth", name: "Vibrato Depth", groupName: "Vibrato",
      unit: .cents),
    Entry(
      address: 6, identifier: "vibrato.rate", name: "Vibrato Rate", groupName: "Vibrato",
      unit: .hertz),
    Entry(
      address: 7, identifier: "tuning.pitchBendRange", name: "Pitch Bend Range",
      groupName: "Tuning", unit: .cents),
    member(9, "ampEnvelope", "Amplitude Envelope", "attack", "Attack", .seconds),
    member(10, "ampEnvelope", "Amplitude Envelope", "hold", "Hold", .seconds),
    member(11, "ampEnvelope", "Amplitude Envelope", "decay", "Decay", .seconds),
    member(12, "ampEnvelope", "Amplitude Envelope", "sustain", "Sustain", .ratio),
    member(13, "ampEnvelope", "Amplitude Envelope", "release", "Release", .seconds),
    Entry(
      address: 14, identifier: "filter.enable", name: "Filter Enable", groupName: "Filter",
      unit: .boolean),
    Entry(
      address: 15, identifier: "filter.cutoff", name: "Filter Cutoff (multiple)",
      groupName: "Filter", unit: .ratio),
    Entry(
      address: 16, identifier: "filter.strength", name: "Filter Envelope Strength",
      groupName: "Filter", unit: .ratio),
    Entry(
      address: 17, identifier: "filter.resonance", name: "Filter Resonance", groupName: "Filter",
      unit: .decibels),
    Entry(
      address: 18, identifier: "filter.keyTracking", name: "Filter Key Tracking",
      groupName: "Filter", unit: .ratio),
    member(19, "filterEnvelope", "Filter Envelope", "velocityScaling", "Velocity Scaling", .ratio),
    member(20, "filterEnvelope", "Filter Envelope", "attack", "Attack", .seconds),
    member(21, "filterEnvelope", "Filter Envelope", "decay", "Decay", .seconds),
    member(22, "filterEnvelope", "Filter Envelope", "sustain", "Sustain", .ratio),
    member(23, "filterEnvelope", "Filter Envelope", "release", "Release", .seconds),
    member(24, "pitchEnvelope", "Pitch Envelope", "attack", "Attack", .seconds),
    member(25, "pitchEnvelope", "Pitch Envelope", "decay", "Decay", .seconds),
    member(26, "pitchEnvelope", "Pitch Envelope", "sustain", "Sustain", .ratio),
    member(27, "pitchEnvelope", "Pitch Envelope", "release", "Release", .seconds),
    member(28, "pitchEnvelope", "Pitch Envelope", "semitones", "Depth", .semitones),
    member(29, "voiceVibrato", "Voice Vibrato", "depth", "Depth", .cents),
    member(30, "voiceVibrato", "Voice Vibrato", "rate", "Rate", .hertz),
    member(31, "voiceVibrato", "Voice Vibrato", "restart", "Restart With Each Note", .boolean),
    Entry(
      address: 32, identifier: "voice.quality", name: "Interpolation Quality",
      groupName: "Voice", unit: .indexed,
      valueStrings: InterpolationQuality.allCases.map(\.rawValue)),
    Entry(
      address: 33, identifier: "voice.polyphony", name: "Polyphony", groupName: "Voice",
      unit: .voices),
    Entry(
      address: 34, identifier: "tuning.masterTune", name: "Master Tune", groupName: "Tuning",
      unit: .cents, isDocumentSetting: true),
    Entry(
      address: 35, identifier: "effects.enable", name: "Effects", groupName: "Effects",
      unit: .boolean),
    Entry(
      address: 36, identifier: "effects.channelSends", name: "General MIDI Channel Sends",
      groupName: "Effects", unit: .boolean),
    member(37, "reverb", "Reverb", "level", "Level", .linearGain),
    member(38, "reverb", "Reverb", "decay", "Decay (RT60)", .seconds),
    member(39, "reverb", "Reverb", "damping", "Damping (high RT60 share)", .ratio),
    member(40, "reverb", "Reverb", "predelay", "Pre-delay", .seconds),
    member(41, "reverb", "Reverb", "size", "Room Size", .ratio),
    member(42, "reverb", "Reverb", "width", "Width", .ratio),
    member(43, "chorus", "Chorus", "level", "Level", .linearGain),
    member(44, "chorus", "Chorus", "rate", "Rate", .hertz),
    member(45, "chorus", "Chorus", "depth", "Depth", .milliseconds),
    member(46, "chorus", "Chorus", "voices", "Voices", .voices),
  ]

  /// An entry of a group whose display name prefixes its members' (`Filter Envelope Attack`).
  private static func member(
    _ address: Int, _ group: String, _ groupName: String, _ member: String, _ memberName: String,
    _ unit: ParameterUnit
  ) -> Entry {
    Entry(
      address: address, identifier: "\(group).\(member)", name: "\(groupName) \(memberName)",
      groupName: groupName, unit: unit)
  }

  /// Every parameter with the ranges of an engine made with the default configuration.
  static let standard: [SamplerParameter] = {
    var config = sc_engine_config()
    sc_engine_config_init(&config)
    return catalog.map { SamplerParameter($0, config: config) }
  }()

  /// ``standard`` by identifier.
  static let standardByIdentifier = Dictionary(
    uniqueKeysWithValues: standard.map { ($0.identifier, $0) })

  /// The parameter at `address` with the default configuration's range.
  private static func standard(_ address: Int) -> SamplerParameter {
    guard let parameter = standard.first(where: { $0.address == address }) else {
      preconditionFailure("SFZSampler: no parameter at address \(address)")
    }
    return parameter
  }

  /// `master.volume`: output gain, linear (1 = unity).
  public static let masterVolume = standard(0)
  /// `voice.loopThroughRelease`: looping samples keep looping through the release.
  public static let loopThroughRelease = standard(1)
  /// `voice.monophonic`: one voice per channel.
  public static let monophonic = standard(2)
  /// `voice.legato`: in monophonic mode, a note played while another is held glides to it.
  public static let legato = standard(3)
  /// `voice.glideRate`: seconds per octave of glide; 0 jumps.
  public static let glideRate = standard(4)
  /// `vibrato.depth`: cents of a vibrato on every voice.
  public static let vibratoDepth = standard(5)
  /// `vibrato.rate`: the vibrato's rate in hertz.
  public static let vibratoRate = standard(6)
  /// `tuning.pitchBendRange`: cents of a full pitch bend for every region; 0 keeps each region's.
  public static let pitchBendRange = standard(7)
  /// `ampEnvelope.attack`: seconds added to the amplitude envelope's attack.
  public static let ampAttack = standard(9)
  /// `ampEnvelope.hold`: seconds added to the amplitude envelope's hold.
  public static let ampHold = standard(10)
  /// `ampEnvelope.decay`: seconds added to the amplitude envelope's decay.
  public static let ampDecay = standard(11)
  /// `ampEnvelope.sustain`: scales the amplitude envelope's sustain level, 0...1.
  public static let ampSustain = standard(12)
  /// `ampEnvelope.release`: seconds added to the amplitude envelope's release.
  public static let ampRelease = standard(13)
  /// `filter.enable`: a resonant low-pass on every voice, after the instrument's own filters.
  public static let filterEnable = standard(14)
  /// `filter.cutoff`: the filter's cutoff as a multiple of the key's tracked frequency.
  public static let filterCutoff = standard(15)
  /// `filter.strength`: multiples of the tracked frequency the filter envelope adds.
  public static let filterStrength = standard(16)
  /// `filter.resonance`: decibels of resonance at the cutoff.
  public static let filterResonance = standard(17)
  /// `filter.keyTracking`: how far the cutoff follows the key, 0 (fixed) ... 1 (fully).
  public static let filterKeyTracking = standard(18)
  /// `filterEnvelope.velocityScaling`: how much velocity scales the filter envelope, 0...1.
  public static let filterEnvelopeVelocityScaling = standard(19)
  /// `filterEnvelope.attack`: seconds.
  public static let filterAttack = standard(20)
  /// `filterEnvelope.decay`: seconds.
  public static let filterDecay = standard(21)
  /// `filterEnvelope.sustain`: level 0...1.
  public static let filterSustain = standard(22)
  /// `filterEnvelope.release`: seconds.
  public static let filterRelease = standard(23)
  /// `pitchEnvelope.attack`: seconds.
  public static let pitchAttack = standard(24)
  /// `pitchEnvelope.decay`: seconds.
  public static let pitchDecay = standard(25)
  /// `pitchEnvelope.sustain`: level 0...1.
  public static let pitchSustain = standard(26)
  /// `pitchEnvelope.release`: seconds.
  public static let pitchRelease = standard(27)
  /// `pitchEnvelope.semitones`: how far the pitch envelope moves every voice at its peak.
  public static let pitchEnvelopeSemitones = standard(28)
  /// `voiceVibrato.depth`: cents of a vibrato of each voice's own.
  public static let voiceVibratoDepth = standard(29)
  /// `voiceVibrato.rate`: its rate in hertz.
  public static let voiceVibratoRate = standard(30)
  /// `voiceVibrato.restart`: each voice's vibrato starts at phase 0 with its note.
  public static let restartVoiceLFO = standard(31)
  /// `voice.quality`: the interpolation, one of ``InterpolationQuality``'s cases by index.
  public static let quality = standard(32)
  /// `voice.polyphony`: voices that may sound at once; more notes steal.
  public static let polyphony = standard(33)
  /// `tuning.masterTune`: cents added to every voice; a document setting.
  public static let masterTune = standard(34)
  /// `effects.enable`: the reverb, the chorus and the regions' sends; off, the output is the dry
  /// mix bit for bit.
  public static let effects = standard(35)
  /// `effects.channelSends`: General MIDI's CC91 (reverb) and CC93 (chorus) send each channel's
  /// voices to the effects, on top of their regions' effect1 and effect2.
  public static let channelSends = standard(36)
  /// `reverb.level`: the reverb's return, a linear gain.
  public static let reverbLevel = standard(37)
  /// `reverb.decay`: its RT60 at low and middle frequencies, in seconds.
  public static let reverbDecay = standard(38)
  /// `reverb.damping`: its RT60 at the top of the spectrum as a share of `reverb.decay`.
  public static let reverbDamping = standard(39)
  /// `reverb.predelay`: seconds before its first reflections.
  public static let reverbPredelay = standard(40)
  /// `reverb.size`: the room, 0...1: how far apart its echoes are.
  public static let reverbSize = standard(41)
  /// `reverb.width`: 0 mono ... 1 fully decorrelated sides.
  public static let reverbWidth = standard(42)
  /// `chorus.level`: the chorus's return, a linear gain.
  public static let chorusLevel = standard(43)
  /// `chorus.rate`: hertz of each chorus voice's delay sweep.
  public static let chorusRate = standard(44)
  /// `chorus.depth`: milliseconds each voice's delay swings either side of its centre.
  public static let chorusDepth = standard(45)
  /// `chorus.voices`: delayed copies, spread from left to right.
  public static let chorusVoices = standard(46)
}
