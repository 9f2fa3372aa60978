import Foundation

/// A path from the command line: messages show it as it was typed, and files are opened relative
/// to the folder the run started in rather than the process's current folder, which tests
/// running side by side share.
struct GivenPath {
  /// As typed.
  let text: String
  /// For system calls: the folder and the text joined as they are, so the system resolves `..`
  /// and links exactly as it would for the typed path.
  let path: String
  /// For Foundation readers (the MIDI file, the instrument), which name files by it.
  let url: URL

  init(_ text: String, in folder: String) {
    self.text = text
    if text.hasPrefix("/") {
      path = text
    } else {
      path = (folder.hasSuffix("/") ? folder : folder + "/") + text
    }
    url = URL(fileURLWithPath: text, relativeTo: URL(fileURLWithPath: folder, isDirectory: true))
  }

  /// The file `name` inside this folder, shown as this path and the name.
  func appending(_ name: String) -> GivenPath {
    GivenPath(
      text: text + "/" + name, path: path + "/" + name, url: url.appendingPathComponent(name))
  }

  private init(text: String, path: String, url: URL) {
    self.text = text
    self.path = path
    self.url = url
  }
}
