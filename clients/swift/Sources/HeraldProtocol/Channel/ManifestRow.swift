/// One announcement as an app receives it (DESIGN §3, "Manifest row"): the one definition of a
/// row, which `herald build` encodes and apps decode.
///
/// Every key is always written, absent optional fields as `null` (`NullWhenAbsent`), so every row
/// has the same keys; `draft` appears only in a build that includes drafts. `ManifestRowField.all`
/// (HeraldCore) describes each field once more for the schema and the TypeScript and Kotlin rows
/// generated from it; `ManifestRowFieldTests` fails when the two disagree.
package struct ManifestRow: Sendable, Hashable, Codable {
  /// The record's id: it keys seen state, and never changes once published.
  package let id: String
  /// How it interrupts: a strip, a dialog or a takeover.
  package let severity: Severity
  /// What it is about (icon and label only).
  package let kind: Kind
  /// The title, plain text.
  package let title: String
  /// The body as the app shows it: paragraphs, and at most one list of bullets.
  package let body: MessageBody
  /// The body as HTML (inline emphasis, code and safe links kept).
  package let html: String
  /// Where the button leads, the store sentinel already resolved for the platform.
  @NullWhenAbsent package private(set) var actionURL: String?
  /// The button's label, when the record gives one.
  @NullWhenAbsent package private(set) var actionLabel: String?
  /// Whether it asks to be a wall.
  package let blocking: Bool
  /// When it was published.
  package let publishedAt: Timestamp
  /// When it was last changed, if the record says.
  @NullWhenAbsent package private(set) var updatedAt: Timestamp?
  /// When it stops interrupting, if ever.
  @NullWhenAbsent package private(set) var expiresAt: Timestamp?
  /// The lowest version it reaches (inclusive), if bounded.
  @NullWhenAbsent package private(set) var minVersion: Version?
  /// The highest version it reaches (inclusive), if bounded so.
  @NullWhenAbsent package private(set) var maxVersion: Version?
  /// Every version below it is reached (hotfixes of the release below included), if bounded so.
  @NullWhenAbsent package private(set) var belowVersion: Version?
  /// Who it reaches beyond its range: a growing share of users (null: everyone in range).
  @NullWhenAbsent package private(set) var rollout: Rollout?
  /// Seconds after a dismissal at which it is unseen again (null: seen for good).
  @ReminderSeconds package private(set) var remindAfter: Int?
  /// Its page in the archive.
  package let url: String
  /// Whether it is a draft (only in a build with drafts).
  package let draft: Bool?

  /// Makes a row.
  package init(
    id: String, severity: Severity, kind: Kind, title: String, body: MessageBody = .empty,
    html: String = "", actionURL: String? = nil, actionLabel: String? = nil,
    blocking: Bool = false, publishedAt: Timestamp, updatedAt: Timestamp? = nil,
    expiresAt: Timestamp? = nil, minVersion: Version? = nil, maxVersion: Version? = nil,
    belowVersion: Version? = nil, rollout: Rollout? = nil, remindAfter: Int? = nil,
    url: String = "", draft: Bool? = nil
  ) {
    self.id = id
    self.severity = severity
    self.kind = kind
    self.title = title
    self.body = body
    self.html = html
    self.actionURL = actionURL
    self.actionLabel = actionLabel
    self.blocking = blocking
    self.publishedAt = publishedAt
    self.updatedAt = updatedAt
    self.expiresAt = expiresAt
    self.minVersion = minVersion
    self.maxVersion = maxVersion
    self.belowVersion = belowVersion
    self.rollout = rollout
    self.remindAfter = remindAfter
    self.url = url
    self.draft = draft
  }

  /// The JSON keys, exactly as DESIGN §3 names them.
  package enum CodingKeys: String, CodingKey, CaseIterable {
    case id, severity, kind, title, body, html
    case actionURL = "actionUrl"
    case actionLabel, blocking, publishedAt, updatedAt, expiresAt, minVersion, maxVersion
    case belowVersion, rollout, remindAfter, url
    case draft
  }

  /// The `remindAfter` a row may have, in seconds (`ClientLimits`).
  package static var remindAfterRange: ClosedRange<Int> { ReminderSeconds.range }

  /// The versions it reaches.
  package var range: VersionRange {
    VersionRange(minimum: minVersion, maximum: maxVersion, below: belowVersion)
  }

  /// The order of every list an app shows: newest first, then by id.
  package static func newestFirst(_ lhs: ManifestRow, _ rhs: ManifestRow) -> Bool {
    lhs.publishedAt != rhs.publishedAt ? lhs.publishedAt > rhs.publishedAt : lhs.id < rhs.id
  }
}

/// A body as the app shows it: paragraphs of plain text, and at most one list of bullets.
package struct MessageBody: Sendable, Hashable, Codable {
  /// The paragraphs, in order.
  package let paragraphs: [String]
  /// The bullets, in order.
  package let bullets: [String]

  /// Makes a body.
  package init(paragraphs: [String] = [], bullets: [String] = []) {
    self.paragraphs = paragraphs
    self.bullets = bullets
  }

  /// No paragraphs and no bullets.
  package static let empty = MessageBody()
}
