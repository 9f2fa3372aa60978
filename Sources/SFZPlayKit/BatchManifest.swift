import Foundation

/// A batch manifest: JSON Lines, one render a line (blank lines allowed), read and checked whole
/// before anything renders, so a typo on line 900 does not surface hours into the batch.
struct BatchManifest {
  /// The manifest file.
  var file: GivenPath
  /// Its folder, which relative paths in it start from.
  var folder: String
  /// The renders in manifest order.
  var entries: [BatchEntry]

  /// Reads and checks `file`: every line parses, has the keys it needs with the right types,
  /// passes the single render's own option checks with the batch's `threads` (the command line
  /// each render will run), and no two renders write the same file. Every bad line is listed
  /// (the first few, and a count of the rest).
  init(file: GivenPath, threads: Int) throws(SFZPlayError) {
    let text: String
    do {
      text = try String(contentsOf: file.url, encoding: .utf8)
    } catch {
      throw .missingInput(path: file.text, role: "manifest")
    }
    self.file = file
    folder = file.url.deletingLastPathComponent().path
    var entries: [BatchEntry] = []
    var problems: [BatchManifestError] = []
    var writers: [String: Int] = [:]
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
      if line.isEmpty { continue }
      do throws(BatchManifestError) {
        let entry = try BatchEntry(line: index + 1, text: line)
        do {
          _ = try SFZPlay.parse(entry.arguments(threads: threads))
        } catch {
          throw BatchManifestError(
            line: entry.line, problem: SFZPlay.message(for: error))
        }
        for written in Self.writtenFiles(of: entry, in: folder) {
          if let earlier = writers[written] {
            throw BatchManifestError(
              line: entry.line, problem: "\(written) is written by line \(earlier) too")
          }
          writers[written] = entry.line
        }
        entries.append(entry)
      } catch {
        problems.append(error)
      }
    }
    if !problems.isEmpty {
      throw .badManifest(path: file.text, problems: problems.map(\.description))
    }
    if entries.isEmpty { throw .badManifest(path: file.text, problems: ["no renders in it"]) }
    self.entries = entries
  }

  /// The files an entry names as outputs (the mix and the report), by their standardized path.
  private static func writtenFiles(of entry: BatchEntry, in folder: String) -> [String] {
    [entry.output, entry.report].compactMap { $0 }.map {
      GivenPath($0, in: folder).url.standardizedFileURL.path
    }
  }
}
