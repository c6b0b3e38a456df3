/// One announcement as an app receives it in a release's manifest (DESIGN §3, "Manifest row").
public struct ManifestRow: Sendable, Hashable {
  /// The record's id: it keys seen state.
  public let id: String
  /// How it interrupts.
  public let severity: Severity
  /// What it is about.
  public let kind: Kind
  /// The title.
  public let title: String
  /// The plain paragraphs.
  public let paragraphs: [String]
  /// The plain bullets.
  public let bullets: [String]
  /// Where the button leads, the store already resolved for the platform.
  public let actionURL: String?
  /// The button's label, when the record gives one.
  public let actionLabel: String?
  /// Whether it asks to be a wall.
  public let blocking: Bool
  /// When it was published.
  public let publishedAt: Timestamp
  /// When it stops interrupting, if ever.
  public let expiresAt: Timestamp?

  /// Makes a row.
  public init(
    id: String, severity: Severity, kind: Kind, title: String, paragraphs: [String] = [],
    bullets: [String] = [], actionURL: String? = nil, actionLabel: String? = nil,
    blocking: Bool = false, publishedAt: Timestamp, expiresAt: Timestamp? = nil
  ) {
    self.id = id
    self.severity = severity
    self.kind = kind
    self.title = title
    self.paragraphs = paragraphs
    self.bullets = bullets
    self.actionURL = actionURL
    self.actionLabel = actionLabel
    self.blocking = blocking
    self.publishedAt = publishedAt
    self.expiresAt = expiresAt
  }

  /// Live at a time: published and not expired.
  public func isLive(at now: Timestamp) -> Bool {
    publishedAt <= now && (expiresAt.map { now < $0 } ?? true)
  }

  /// The order of every list an app shows: newest first, then by id.
  public static func newestFirst(_ lhs: ManifestRow, _ rhs: ManifestRow) -> Bool {
    lhs.publishedAt != rhs.publishedAt ? lhs.publishedAt > rhs.publishedAt : lhs.id < rhs.id
  }
}
