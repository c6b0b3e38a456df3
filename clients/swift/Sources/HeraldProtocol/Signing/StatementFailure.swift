/// Why an app that pins a channel's keys does not believe what it read (DESIGN §9).
///
/// Every one fails open, as a network failure does: nothing interrupts, and only rows that were
/// verified serve the archive and the badge. The TypeScript and Kotlin readers and
/// `herald explain` give the same reasons under the same names.
package enum StatementFailure: Error, Sendable, Hashable, CustomStringConvertible {
  /// No statement, one that cannot be read, or a pinned key's signature that does not verify.
  case signature(String)
  /// No signature by a pinned key, or a wall without a pinned wall key's signature.
  case key(String)
  /// The statement is another channel's.
  case channel(expected: String, found: String)
  /// The statement's generation is below one the app accepted: an old statement replayed.
  case rollback(accepted: Int64, found: Int64)
  /// The statement expired (the scheduled rebuild that re-signs it stopped, or it was replayed).
  case expired(Timestamp)
  /// A document's bytes are not the ones the statement lists, or it lists no such document.
  case hash(String)

  /// The reason's name, for logs: `signature`, `key`, `channel`, `rollback`, `expired`, `hash`.
  package var code: String {
    switch self {
    case .signature: return "signature"
    case .key: return "key"
    case .channel: return "channel"
    case .rollback: return "rollback"
    case .expired: return "expired"
    case .hash: return "hash"
    }
  }

  /// The failure in words, for a log; it never holds a key's secret part.
  package var description: String {
    switch self {
    case .signature(let reason): return "the signature does not hold: \(reason)"
    case .key(let reason): return "no pinned key signed it: \(reason)"
    case .channel(let expected, let found):
      return "the statement is for channel \(found), not \(expected)"
    case .rollback(let accepted, let found):
      return "the statement's generation \(found) is below \(accepted), already accepted"
    case .expired(let time): return "the statement expired at \(time)"
    case .hash(let path): return "\(path) is not the document the statement lists"
    }
  }
}
