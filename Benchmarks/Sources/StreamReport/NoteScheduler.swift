import SFZSampler

/// Decides, block by block, which notes to start and release so that about `targetVoices`
/// voices sound all the time, spread over the instrument's sample files: each note is a random
/// sustain region (its key, a random velocity in its range) on a MIDI channel where that key is
/// not already held, held for a random time, then released (which starts its release sample).
/// Seeded, so every run plays the same notes for the same voice counts.
struct NoteScheduler {
  /// The shortest and longest time a note is held, in seconds.
  static let holdSeconds = 2.0...20.0
  /// At most this many notes start in one block, so the start is a fast run rather than one
  /// chord of hundreds of voices.
  static let maximumStartsPerBlock = 4

  private struct HeldNote {
    var key: UInt8
    var channel: UInt8
    var startBlock: Int
    var releaseBlock: Int
  }

  private let notes: [BigLibrary.Note]
  private let targetVoices: Int
  private let blockFrames: Int
  private let holdBlocks: ClosedRange<Int>
  private var random: SplitMix64
  private var held: [HeldNote] = []
  private var released: [HeldNote] = []
  /// Whether (channel, key) is held, at channel x 128 + key.
  private var isHeld = [Bool](repeating: false, count: 16 * 128)
  private var playedNotes = Set<Int>()

  /// Notes started so far.
  private(set) var notesStarted = 0

  init(notes: [BigLibrary.Note], targetVoices: Int, blockFrames: Int, sampleRate: Double) {
    self.notes = notes
    self.targetVoices = targetVoices
    self.blockFrames = blockFrames
    let perSecond = sampleRate / Double(blockFrames)
    holdBlocks =
      Int(Self.holdSeconds.lowerBound * perSecond)...Int(Self.holdSeconds.upperBound * perSecond)
    random = SplitMix64(seed: UInt64(targetVoices))
    held.reserveCapacity(targetVoices * 2)
    released.reserveCapacity(targetVoices)
  }

  /// The events of block `block`, sorted by frame, into `events` (emptied first, its capacity
  /// kept): releases of the notes whose time is up, then starts while fewer than the target
  /// sound (`activeVoices`, counted after the previous block, plus the starts so far) and fewer
  /// than the target are held (samples shorter than the hold end before their release).
  mutating func events(block: Int, activeVoices: Int, into events: inout [SamplerEvent]) {
    events.removeAll(keepingCapacity: true)
    released.removeAll(keepingCapacity: true)
    var index = 0
    while index < held.count {
      let note = held[index]
      guard note.releaseBlock <= block else {
        index += 1
        continue
      }
      events.append(.noteOff(key: note.key, channel: note.channel, frame: frame()))
      released.append(note)
      held.swapAt(index, held.count - 1)
      held.removeLast()
    }
    var starts = 0
    while activeVoices + starts < targetVoices, held.count < targetVoices,
      starts < Self.maximumStartsPerBlock
    {
      guard let event = start(block: block) else { break }
      events.append(event)
      starts += 1
    }
    // Keys released in this block are free again only from the next one, so a key is never
    // started and released in the same block.
    for note in released { isHeld[Int(note.channel) * 128 + Int(note.key)] = false }
    events.sort { $0.frame < $1.frame }
  }

  /// Held notes that have played past `preloadFrames` (at the keys' own pitch), so read their
  /// sample from disk now.
  func notesPastPreload(block: Int, preloadFrames: Int) -> Int {
    let preloadBlocks = (preloadFrames + blockFrames - 1) / blockFrames
    return held.reduce(0) { $0 + (block - $1.startBlock >= preloadBlocks ? 1 : 0) }
  }

  /// Distinct sustain regions (key and velocity layer; round robins count apart) a started
  /// note could have selected.
  var regionsPlayed: Int {
    let layers = Set(playedNotes.map { Self.layer(notes[$0]) })
    return notes.filter { layers.contains(Self.layer($0)) }.count
  }

  /// A key and velocity layer as one number.
  private static func layer(_ note: BigLibrary.Note) -> Int {
    Int(note.key) * 128 + Int(note.velocities.lowerBound)
  }

  private mutating func start(block: Int) -> SamplerEvent? {
    for _ in 0..<64 {
      let choice = Int(random.next() % UInt64(notes.count))
      let note = notes[choice]
      let channel = UInt8(random.next() % 16)
      guard !isHeld[Int(channel) * 128 + Int(note.key)] else { continue }
      isHeld[Int(channel) * 128 + Int(note.key)] = true
      let span = UInt64(note.velocities.upperBound - note.velocities.lowerBound) + 1
      let velocity = note.velocities.lowerBound + UInt8(random.next() % span)
      let hold =
        holdBlocks.lowerBound
        + Int(random.next() % UInt64(holdBlocks.upperBound - holdBlocks.lowerBound + 1))
      held.append(
        HeldNote(key: note.key, channel: channel, startBlock: block, releaseBlock: block + hold))
      playedNotes.insert(choice)
      notesStarted += 1
      return .noteOn(key: note.key, velocity: velocity, channel: channel, frame: frame())
    }
    return nil
  }

  /// A random frame in the block, so events land on exact frames as a MIDI stream's would.
  private mutating func frame() -> Int { Int(random.next() % UInt64(blockFrames)) }
}

/// A small seeded random number generator (SplitMix64).
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
