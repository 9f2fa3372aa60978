/// How one sample is mapped and played: its root note, the notes and velocities it answers,
/// and its loop. The AKSampler descriptor, unchanged.
///
/// Point values (`loopStartPoint`, `loopEndPoint`, `startPoint`, `endPoint`) between 0 and 1 are
/// fractions of the sample's length; values above 1 are frame numbers.
///
/// ```swift
/// let c4 = SampleDescriptor(
///   noteNumber: 60, noteFrequency: 261.63, minimumNoteNumber: 58, maximumNoteNumber: 62,
///   minimumVelocity: -1, maximumVelocity: -1, isLooping: true, loopStartPoint: 0.2,
///   loopEndPoint: 0.9, startPoint: 0, endPoint: 0)
/// ```
public struct SampleDescriptor: Sendable, Equatable {
  /// Root key, 0...127 (60 = middle C): the key at which the sample plays at its own pitch.
  public var noteNumber: Int
  /// The frequency the sample actually sounds at, in Hz; a sample a little off its note is
  /// corrected by the difference.
  public var noteFrequency: Float
  /// Lowest key the sample plays, or -1 for "not given" (the root key alone in
  /// ``Sampler/buildKeyMap()``).
  public var minimumNoteNumber: Int
  /// Highest key the sample plays, or -1 for "not given".
  public var maximumNoteNumber: Int
  /// Lowest velocity the sample answers (0 and 1 both mean the softest), or -1 for any.
  public var minimumVelocity: Int
  /// Highest velocity the sample answers, or -1 for any.
  public var maximumVelocity: Int
  /// Whether the sample loops while the key is held (and through the release, as
  /// ``Sampler/setLoop(thruRelease:)`` says). With both loop points 0, the loop stored in the file
  /// is used, or else the whole sample.
  public var isLooping: Bool
  /// First frame of the loop (fraction of the length when at most 1).
  public var loopStartPoint: Float
  /// Last frame of the loop (fraction of the length when at most 1).
  public var loopEndPoint: Float
  /// First frame played.
  public var startPoint: Float
  /// Last frame played; 0 means the end of the sample.
  public var endPoint: Float

  /// Creates a descriptor; the labels and their order are AKSampler's.
  public init(
    noteNumber: Int, noteFrequency: Float, minimumNoteNumber: Int, maximumNoteNumber: Int,
    minimumVelocity: Int, maximumVelocity: Int, isLooping: Bool, loopStartPoint: Float,
    loopEndPoint: Float, startPoint: Float, endPoint: Float
  ) {
    self.noteNumber = noteNumber
    self.noteFrequency = noteFrequency
    self.minimumNoteNumber = minimumNoteNumber
    self.maximumNoteNumber = maximumNoteNumber
    self.minimumVelocity = minimumVelocity
    self.maximumVelocity = maximumVelocity
    self.isLooping = isLooping
    self.loopStartPoint = loopStartPoint
    self.loopEndPoint = loopEndPoint
    self.startPoint = startPoint
    self.endPoint = endPoint
  }
}

/// Sample audio handed over as floats in memory.
///
/// ```swift
/// let data = SampleDataDescriptor(
///   sampleDescriptor: c4, sampleRate: 44_100, isInterleaved: true, channelCount: 2,
///   sampleCount: frames, data: interleavedFloats)
/// try sampler.loadRawSampleData(from: data)
/// ```
public struct SampleDataDescriptor: Sendable {
  /// Mapping and looping.
  public var sampleDescriptor: SampleDescriptor
  /// The rate the audio was recorded at, in Hz.
  public var sampleRate: Double
  /// Whether stereo data is `L R L R ...` (true) or all left then all right (false).
  public var isInterleaved: Bool
  /// 1 or 2.
  public var channelCount: Int
  /// Frames per channel.
  public var sampleCount: Int
  /// `channelCount * sampleCount` floats.
  public var data: [Float]

  /// Creates a raw-data descriptor; the labels and their order are AKSampler's.
  public init(
    sampleDescriptor: SampleDescriptor, sampleRate: Double, isInterleaved: Bool,
    channelCount: Int, sampleCount: Int, data: [Float]
  ) {
    self.sampleDescriptor = sampleDescriptor
    self.sampleRate = sampleRate
    self.isInterleaved = isInterleaved
    self.channelCount = channelCount
    self.sampleCount = sampleCount
    self.data = data
  }
}

/// A sample in a file, with its mapping.
///
/// ```swift
/// try sampler.loadCompressedSampleFile(
///   from: SampleFileDescriptor(sampleDescriptor: c4, path: "/samples/piano_C4.wv"))
/// ```
public struct SampleFileDescriptor: Sendable, Equatable {
  /// Mapping and looping.
  public var sampleDescriptor: SampleDescriptor
  /// Path of the audio file.
  public var path: String

  /// Creates a file descriptor.
  public init(sampleDescriptor: SampleDescriptor, path: String) {
    self.sampleDescriptor = sampleDescriptor
    self.path = path
  }
}
