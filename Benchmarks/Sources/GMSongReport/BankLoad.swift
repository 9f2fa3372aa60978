import BenchSupport
import Foundation
import MIDIFile
import SFZSampler
import SongPlayback

/// What loading part of a bank into an ensemble costs, measured in a process of its own.
struct BankLoad {
  /// Programs loaded.
  var programs: Int
  /// Regions of all of them.
  var regions: Int
  /// Bytes of sample memory the instruments hold.
  var sampleBytes: Int
  /// Seconds from reading the bank to the last instrument loaded.
  var seconds: Double
  /// Resident bytes once loaded.
  var residentBytes: Int

  /// The child's side: loads the programs `song` uses ("all": every program) from `bank` into an
  /// ensemble, as sfzplay does, and prints the figures as one line.
  static func runChild(_ arguments: [String]) {
    guard arguments.count == 2 else { exit(2) }
    let bankURL = URL(fileURLWithPath: arguments[0])
    let started = Date()
    do {
      let bank = try InstrumentBank(contentsOf: bankURL)
      let ensemble = Ensemble(sampleRate: 48_000)
      if arguments[1] == "all" {
        for instrument in bank.instruments {
          try ensemble.instrument(at: instrument.url, defines: instrument.defines)
        }
      } else {
        let song = try MIDIFile(contentsOf: URL(fileURLWithPath: arguments[1]))
        let map = InstrumentMap(bank: bank)
        for use in SongPrograms(song: song).uses {
          try ensemble.preload(
            ProgramAddress(
              channel: use.channel, program: use.program, bankMSB: use.bank,
              bankLSB: use.bankLSB, isDrumChannel: use.drums), from: map)
        }
      }
      let loaded = ensemble.instruments
      let regions = loaded.reduce(0) { $0 + $1.report.regionCount }
      let bytes = loaded.reduce(0) { $0 + $1.report.sampleBytes }
      let seconds = Date().timeIntervalSince(started)
      print(
        "\(loaded.count) \(regions) \(bytes) \(seconds) \(ProcessMemory.residentBytes())")
      withExtendedLifetime(ensemble) {}
    } catch {
      print("error \(error)")
      exit(1)
    }
  }

  /// Runs a child of this program that loads `which` ("all" or a song's path) from `bank`.
  static func measure(bank: URL, which: String) -> (load: BankLoad, peak: Int)? {
    let me = URL(fileURLWithPath: CommandLine.arguments[0]).path
    guard let run = MeasuredProcess.run(me, ["--load-child", bank.path, which]) else {
      return nil
    }
    let fields = run.output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    guard fields.count == 5 else { return nil }
    return (
      BankLoad(
        programs: Int(fields[0]), regions: Int(fields[1]), sampleBytes: Int(fields[2]),
        seconds: fields[3], residentBytes: Int(fields[4])), run.peakResidentBytes
    )
  }
}
