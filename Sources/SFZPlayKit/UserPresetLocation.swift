import Foundation
import SFZSampler

/// Where sfzplay finds user presets: `--user-presets FOLDER`, or else
/// `$XDG_CONFIG_HOME/sfzplay/presets`, or else `$HOME/.config/sfzplay/presets`.
enum UserPresetLocation {
  static func folder(option: GivenPath?, environment: [String: String]) -> UserPresetFolder? {
    if let option { return UserPresetFolder(url: option.url) }
    let base: URL
    if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty {
      base = URL(fileURLWithPath: config, isDirectory: true)
    } else if let home = environment["HOME"], !home.isEmpty {
      base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config")
    } else {
      return nil
    }
    return UserPresetFolder(url: base.appendingPathComponent("sfzplay/presets"))
  }
}
