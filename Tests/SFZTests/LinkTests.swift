import Foundation
import Testing

@testable import SFZ

/// An instrument opened through a link finds its files where its author put them. The spec says
/// a sample path is "a relative file path from the folder where the SFZ file is" (corpus/spec
/// sfzformat/docs/opcodes/sample.md), and includes and samples are "calculated starting with
/// the folder which contains the main SFZ file" (tutorials/modular_instruments.md): the file is
/// the one the author wrote, so its folder is the real file's, not the link's. A DAW that saves
/// a session links the instrument into the session folder, and a user may keep links to their
/// instruments in a folder of favourites.
@Suite struct LinkTests {
  /// An instrument folder: `Programs/main.sfz` with a sample under `../Samples`, an include
  /// beside it and a `default_path`, the layout of the modular instruments tutorial.
  private struct Library {
    let root: URL
    var main: URL { root.appendingPathComponent("Library/Programs/main.sfz") }

    init() throws {
      root = try temporaryDirectory()
      let library = root.appendingPathComponent("Library")
      try write("x", to: library.appendingPathComponent("Samples/a.wav"))
      try write("x", to: library.appendingPathComponent("Samples/Perc/b.wav"))
      try write(
        "<region> sample=../Samples/a.wav key=60\n",
        to: library.appendingPathComponent("Programs/mappings/map.sfz"))
      try write(
        """
        #include "mappings/map.sfz"
        <control> default_path=../Samples/Perc/
        <region> sample=b.wav key=62

        """, to: main)
    }

    func link(_ name: String, to target: URL) throws -> URL {
      let link = root.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
      return link
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Every region's resolved sample, and the diagnostics, of the instrument opened at `url`.
    func loaded(_ url: URL) throws -> (samples: [String], diagnostics: [String]) {
      let sfz = try SFZInstrument.load(url: url)
      #expect(sfz.regions.allSatisfy { $0.sampleExists }, "\(sfz.diagnostics)")
      return (sfz.regions.compactMap(\.samplePath), sfz.diagnostics.map(\.description))
    }
  }

  @Test func aLinkToTheFileFindsSamplesIncludesAndDefaultPathBesideTheRealFile() throws {
    let library = try Library()
    defer { library.remove() }
    let direct = try library.loaded(library.main)
    #expect(direct.samples.count == 2 && direct.diagnostics.isEmpty)
    // the way Ardour's session folder holds it: a link in a folder of its own
    let link = try library.link("session/plugins/208/state1/main.sfz", to: library.main)
    let linked = try library.loaded(link)
    #expect(linked.samples == direct.samples)
    #expect(linked.diagnostics.isEmpty, "\(linked.diagnostics)")
  }

  @Test func chainsOfLinksAndLinkedFoldersLeadToTheRealFile() throws {
    let library = try Library()
    defer { library.remove() }
    let direct = try library.loaded(library.main).samples
    // a link to a link
    let first = try library.link("a/first.sfz", to: library.main)
    let second = try library.link("b/second.sfz", to: first)
    #expect(try library.loaded(second).samples == direct)
    // a link to a folder of links (a folder of favourites, itself reached by a link): `..` in
    // the instrument's paths climbs from the real Programs folder, not from the favourites
    let favourites = library.root.appendingPathComponent("favourites")
    _ = try library.link("favourites/main.sfz", to: library.main)
    let shortcut = try library.link("desk/favs", to: favourites)
    #expect(try library.loaded(shortcut.appendingPathComponent("main.sfz")).samples == direct)
  }

  @Test func diagnosticsNameThePathAsGiven() throws {
    let library = try Library()
    defer { library.remove() }
    try write("<region> sample=missing.wav\n", to: library.main)
    let link = try library.link("links/main.sfz", to: library.main)
    let sfz = try SFZInstrument.load(url: link)
    let warning = try #require(sfz.messages(containing: "'missing.wav' not found").first)
    // the user's own name for the file, and where the sample really was looked for
    #expect(warning.file == link.path)
    let programs = PathResolver.real(library.main.deletingLastPathComponent().path)
    #expect(warning.message.contains("looked for \(programs)/missing.wav"), "\(warning)")
  }
}
