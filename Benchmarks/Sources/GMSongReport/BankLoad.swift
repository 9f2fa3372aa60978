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
      var files: [URL]
      if arguments[1] == "all" {
        files = bank.instruments.map(\.url)
      } else {
        let uses = SongPrograms(song: try MIDIFile(contentsOf: URL(fileURLWithPath: arguments[1])))
          .uses
        files = uses.compactMap {
          bank.instrument(
            for: ProgramAddress(
              channel: $0.channel, program: $0.program, bankMSB: $0.bank, bankLSB: $0.bankLSB,
              isDrumChannel: $0.drums))?
            .url
        }
      }
      var seen = Set<URL>()
      files = files.filter { seen.insert($0).inserted }
      let ensemble = Ensemble(sampleRate: 48_000)
      var regions = 0
      var bytes = 0
      for file in files {
        let instrument = try ensemble.instrument(at: file)
        regions += instrument.report.regionCount
        bytes += instrument.report.sampleBytes
      }
      let seconds = Date().timeIntervalSince(started)
      print(
        "\(files.count) \(regions) \(bytes) \(seconds) \(ProcessMemory.residentBytes())")
      withExtendedLifetime(ensemble) {}
    } catch {
      print("error \(error)")
      exit(1)
    }
  }

  /// Runs a child of this program that loads `which` ("all" or a song's path) from `bank`.
  static func measure(bank: URL, which: String) -> (load: BankLoad, peak: Int)? {
    let me = URL(fileURLWithPath: CommandLine.arguments[0]).path
    guard let line = Tool.output(me, ["--load-child", bank.path, which]),
      let run = MeasuredProcess.run(me, ["--load-child", bank.path, which])
    else { return nil }
    let fields = line.split(separator: " ").compactMap { Double($0) }
    guard fields.count == 5 else { return nil }
    return (
      BankLoad(
        programs: Int(fields[0]), regions: Int(fields[1]), sampleBytes: Int(fields[2]),
        seconds: fields[3], residentBytes: Int(fields[4])), run.peakResidentBytes
    )
  }
}
