import Foundation
import SFZSampler
import Testing

/// The setup file (JSON): bank, channel assignments with gain (dB) and pan (-1...1), program
/// assignments; channels numbered 1-16 as on a MIDI device ("10" is GM's drum channel), programs
/// 0-127 as MIDI sends them; paths relative to the setup file.
@Suite("Ensemble setup files")
struct EnsembleSetupTests {
  static let setupText = """
    {
      "bank": "GM",
      "channels": {
        "1": { "gain": -3, "pan": -0.25 },
        "10": { "instrument": "kits/rock.sfz", "gain": -6 }
      },
      "programs": { "33": "bass.sfz" }
    }
    """

  private func songFolder() throws -> BankFixture {
    let fixture = try BankFixture()
    _ = try fixture.converterBank()
    try fixture.write("kits/rock.sfz")
    try fixture.write("bass.sfz")
    return fixture
  }

  @Test("reading: paths relative to the file, channel 10 is index 9, gain and pan")
  func read() throws {
    let fixture = try songFolder()
    let setup = try EnsembleSetup.read(from: fixture.write("setup.json", Self.setupText))
    #expect(
      setup
        == EnsembleSetup(
          bank: fixture.url("GM"),
          channels: [
            0: ChannelSetup(gain: -3, pan: -0.25),
            9: ChannelSetup(instrument: fixture.url("kits/rock.sfz"), gain: -6),
          ],
          programs: [33: fixture.url("bass.sfz")]))
    let map = try InstrumentMap(setup: setup)
    #expect(
      map.instrument(for: ProgramAddress(channel: 9, program: 0))?.url
        == fixture.url("kits/rock.sfz"))
    #expect(
      map.instrument(for: ProgramAddress(channel: 2, program: 33))?.url == fixture.url("bass.sfz"))
    #expect(
      map.instrument(for: ProgramAddress(channel: 0, program: 4, bankMSB: 8))?.url
        == fixture.url("GM/008/004_Detuned EP 1.sfz"))
  }

  @Test("writing and reading back gives the same setup; inside paths are written relative")
  func roundTrip() throws {
    let fixture = try songFolder()
    let elsewhere = try BankFixture()
    let lead = try elsewhere.write("lead.sfz")
    let setup = EnsembleSetup(
      bank: fixture.url("GM"),
      channels: [
        0: ChannelSetup(instrument: lead, gain: 1.5, pan: 1),
        9: ChannelSetup(instrument: fixture.url("kits/rock.sfz")),
        15: ChannelSetup(pan: -1),
      ],
      programs: [0: fixture.url("bass.sfz"), 127: lead])
    let file = fixture.url("setup.json")
    try setup.write(to: file)
    #expect(try EnsembleSetup.read(from: file) == setup)
    let written = try String(contentsOf: file, encoding: .utf8)
    #expect(
      written == """
        {
          "bank" : "GM",
          "channels" : {
            "1" : {
              "gain" : 1.5,
              "instrument" : "\(lead.path)",
              "pan" : 1
            },
            "10" : {
              "instrument" : "kits/rock.sfz"
            },
            "16" : {
              "pan" : -1
            }
          },
          "programs" : {
            "0" : "bass.sfz",
            "127" : "\(lead.path)"
          }
        }

        """)
  }

  @Test("an empty setup is an empty object, and reads back empty")
  func empty() throws {
    let fixture = try BankFixture()
    try EnsembleSetup().write(to: fixture.url("empty.json"))
    #expect(try String(contentsOf: fixture.url("empty.json"), encoding: .utf8) == "{\n\n}\n")
    #expect(try EnsembleSetup.read(from: fixture.url("empty.json")) == EnsembleSetup())
  }

  @Test(
    "malformed files: each error names the file and the line",
    arguments: [
      (
        "{\n  \"bank\": \"GM\",\n  \"chanels\": {}\n}",
        ":3: error: chanels: unknown key 'chanels' (known here: bank, channels, programs)"
      ),
      (
        "{\n  \"channels\": {\n    \"1\": { \"pan\": 0 },\n    \"10\": {\n      \"gian\": -6\n    }\n  }\n}",
        ":5: error: channels.10.gian: unknown key 'gian' (known here: instrument, gain, pan)"
      ),
      (
        "{\n  \"channels\": { \"1\": { \"pan\": 0 },\n \"2\": { \"pan\": 2 } }\n}",
        ":3: error: channels.2.pan: pan 2.0 is not in -1...1"
      ),
      ("{ \"channels\": { \"17\": {} } }", ":1: error: channels.17: channel '17' is not 1 to 16"),
      (
        "{ \"programs\": { \"128\": \"bass.sfz\" } }",
        ":1: error: programs.128: program '128' is not 0 to 127"
      ),
      (
        "{ \"channels\": { \"1\": { \"gain\": \"loud\" } } }",
        ":1: error: channels.1.gain: expected a number"
      ),
      (
        "{\n  \"programs\": {\n    \"1\": \"nowhere.sfz\"\n  }\n}",
        ":3: error: 'FOLDER/nowhere.sfz' does not exist"
      ),
    ])
  func malformed(text: String, expected: String) throws {
    let fixture = try songFolder()
    let file = try fixture.write("setup.json", text)
    do {
      _ = try EnsembleSetup.read(from: file)
      Issue.record("accepted: \(text)")
    } catch {
      let message = expected.replacingOccurrences(of: "FOLDER", with: fixture.folder.path)
      #expect(error.description == file.path + message)
    }
  }

  @Test("bad JSON: the file and the line the parser gives")
  func syntaxError() throws {
    let fixture = try songFolder()
    let file = try fixture.write("setup.json", "{\n  \"bank\": \"GM\",\n  oops\n}")
    do {
      _ = try EnsembleSetup.read(from: file)
      Issue.record("accepted bad JSON")
    } catch {
      #expect(error.path == file.path)
      #expect(error.line == 3, "\(error)")
      #expect(error.description.hasPrefix("\(file.path):3: error: not valid JSON"))
    }
  }

  @Test("a setup file that does not exist")
  func absent() throws {
    let fixture = try BankFixture()
    #expect(throws: BankError.notFound(path: fixture.url("none.json").path)) {
      try EnsembleSetup.read(from: fixture.url("none.json"))
    }
  }
}
