import HeraldProtocol

extension HeraldState {
  /// The state in the language-neutral form of `conformance/client/` cases, which every port of
  /// the client must produce byte for byte (sorted keys, two-space indentation): the wall, the
  /// interruption, the badge, the archive with seen flags, the freshness, the document read, its
  /// own `nextChangeAt` and the locale of its words.
  package var conformanceJSON: JSONValue {
    func message(_ message: HeraldMessage?, shape: String? = nil) -> JSONValue {
      guard let message else { return .null }
      var fields: [String: JSONValue] = [
        "id": .string(message.id),
        "action": message.action.map {
          .object(["kind": .string($0.kind.rawValue), "target": .string($0.target)])
        } ?? .null,
        "label": .optional(message.actionLabel),
      ]
      if let shape { fields["shape"] = .string(shape) }
      return .object(fields)
    }
    let freshness: String
    var failure: HeraldFailure?
    switch self.freshness {
    case .fresh: freshness = "fresh"
    case .cached(let why):
      freshness = "cached"
      failure = why
    case .unavailable(let why):
      freshness = "unavailable"
      failure = why
    }
    var fields: [String: JSONValue] = [
      "wall": message(wall),
      "interruption": message(interruption?.message, shape: interruption?.shape),
      "badge": .integer(badge),
      "archive": .array(
        archive.map { .object(["id": .string($0.id), "seen": .bool($0.seen)]) }),
      "freshness": .string(freshness),
      "manifest": .optional(manifest?.rawValue),
      "nextChangeAt": .optional(nextChange?.rfc3339),
      "locale": .optional(locale),
    ]
    // A signed channel's failure is named (every client names it the same); the other reasons
    // depend on how a fault reaches each platform's transport, and are not compared.
    if let failure, case .statement = failure.fetchFailure {
      fields["failure"] = .string(failure.reason.rawValue)
    }
    return .object(fields)
  }
}
