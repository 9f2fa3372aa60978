import CSamplerCore
import Foundation
import SFZSampler

/// What the plugin saves in a host's session beside the instrument path: every parameter's
/// value by identifier, as one JSON document.
public struct PluginState: Codable, Equatable, Sendable {
  /// Values by parameter identifier (`master.volume`...).
  public var parameters: [String: Float]

  /// A state with these values; parameters it does not name take their defaults when applied.
  public init(parameters: [String: Float]) { self.parameters = parameters }

  /// The values an engine has in force.
  init(engine: OpaquePointer, parameters: [SamplerParameter]) {
    self.parameters = Dictionary(
      uniqueKeysWithValues: parameters.map {
        ($0.identifier, sc_engine_parameter(engine, sc_param(UInt32($0.address))))
      })
  }

  /// Reads a saved document.
  init(json: String) throws(PluginStateError) {
    do {
      self = try JSONDecoder().decode(Self.self, from: Data(json.utf8))
    } catch {
      throw .unreadable(reason: "\(error)")
    }
  }

  /// The document to save.
  var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // A dictionary of floats always encodes.
    return String(decoding: try! encoder.encode(self), as: UTF8.self)
  }

  /// Sets every parameter of the engine: the saved value, or the default where the document has
  /// none, so the engine ends up as it was saved whatever it played before. Returns the
  /// identifiers the document has that no parameter answers to.
  func apply(to engine: OpaquePointer, parameters known: [SamplerParameter]) -> [String] {
    for parameter in known {
      let value = parameters[parameter.identifier] ?? parameter.defaultValue
      sc_engine_set_parameter(engine, sc_param(UInt32(parameter.address)), value)
    }
    let known = Set(known.map(\.identifier))
    return parameters.keys.filter { !known.contains($0) }.sorted()
  }
}

/// Why a saved state document could not be used.
public enum PluginStateError: Error, CustomStringConvertible {
  /// The document is not the JSON the plugin writes.
  case unreadable(reason: String)

  /// One line saying what is wrong.
  public var description: String {
    switch self {
    case .unreadable(let reason): return "the saved state is unreadable: \(reason)"
    }
  }
}
