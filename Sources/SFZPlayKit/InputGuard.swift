import Foundation

/// Keeps a render from replacing a file it reads. Files are compared by identity (device and
/// inode, links followed), not by name, so `dir/../song.wav`, a symbolic or hard link to an
/// input, or a MIDI file that happens to end in `.wav` are all caught. A file that does not
/// exist yet is never an input.
enum InputGuard {
  /// Throws when `output` names the same file as one of `inputs`.
  static func check(output: GivenPath, against inputs: [GivenPath]) throws(SFZPlayError) {
    guard let target = FileIdentity(path: output.path) else { return }
    if let input = inputs.first(where: { FileIdentity(path: $0.path) == target }) {
      throw .outputIsInput(path: output.text, input: input.text)
    }
  }
}

/// A file as the file system knows it: its device and inode.
struct FileIdentity: Equatable {
  let device: dev_t
  let inode: ino_t

  /// The file `path` leads to, links followed; nil when there is none.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = info.st_dev
    inode = info.st_ino
  }
}
