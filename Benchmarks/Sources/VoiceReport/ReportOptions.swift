import BenchSupport
import Foundation

/// The report's command line: `VoiceReport [--sfzplay PATH] [--only SECTION,...]`.
struct ReportOptions {
  /// The parts of the report, in the order they print.
  enum Section: String, CaseIterable {
    /// The render-cost matrix, headline, kernels, linearity, quality and memory.
    case matrix
    /// Kernel and whole-process figures at blocks 32...1024.
    case blocks
    /// The most voices within half a 64-frame block at the 99.9th percentile.
    case deadline
    /// CP80 playing a dense corpus song.
    case corpus
    /// sfzplay on one thread and on two.
    case threads
  }

  /// The built sfzplay, for the whole-process figures; nil skips them.
  var sfzplay: URL?
  /// The sections to run; all of them write the report files, fewer only print.
  var sections = Set(Section.allCases)

  init(_ arguments: [String]) throws(BenchError) {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--sfzplay":
        guard let path = rest.popFirst() else {
          throw .file(path: argument, reason: "needs the path of the built sfzplay")
        }
        sfzplay = URL(fileURLWithPath: path)
      case "--only":
        let names = (rest.popFirst() ?? "").split(separator: ",").map(String.init)
        let chosen = names.compactMap(Section.init(rawValue:))
        guard !chosen.isEmpty, chosen.count == names.count else {
          throw .file(
            path: argument,
            reason: "needs sections among "
              + Section.allCases.map(\.rawValue).joined(separator: ","))
        }
        sections = Set(chosen)
      default:
        throw .file(path: argument, reason: "unknown option")
      }
    }
  }

  /// Whether every section runs, so the report files are written.
  var isComplete: Bool { sections.count == Section.allCases.count }
}
