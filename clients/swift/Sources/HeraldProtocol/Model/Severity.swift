/// How an announcement interrupts: it picks the shape, never the words (DESIGN §1, rule 1).
package enum Severity: String, Sendable, Hashable, CaseIterable, Comparable, Codable {
  /// A dismissible strip.
  case info = "INFO"
  /// A centred dialog, shown once.
  case important = "IMPORTANT"
  /// A full-screen takeover; the only severity that may block.
  case critical = "CRITICAL"

  /// The rank, from the mildest (0) to `CRITICAL` (2).
  package var rank: Int {
    switch self {
    case .info: return 0
    case .important: return 1
    case .critical: return 2
    }
  }

  /// How a reader sees the severity named: `Info`, `Important`, `Critical`.
  package var label: String {
    switch self {
    case .info: return "Info"
    case .important: return "Important"
    case .critical: return "Critical"
    }
  }

  /// Orders severities from mildest to most interrupting.
  package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
