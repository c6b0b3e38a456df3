/// One announcement as an app receives it (DESIGN §3, "Manifest row"): the one definition of a
/// row, which `herald build` encodes and apps decode.
///
/// Every key is always written, absent optional fields as `null`, so every row has the same keys;
/// `draft` appears only in a build that includes drafts.
package struct ManifestRow: Sendable, Hashable, Codable {
  /// The record's id: it keys seen state, and never changes once published.
  package let id: String
  /// How it interrupts: a strip, a dialog or a takeover.
  package let severity: Severity
  /// What it is about (icon and label only).
  package let kind: Kind
  /// The title.
  package let title: String
  /// The body as the app shows it.
  package let body: MessageBody
  /// The body as HTML (inline emphasis, code and safe links kept).
  package let html: String
  /// Where the button leads, the store sentinel already resolved for the platform.
  package let actionURL: String?
  /// The button's label, when the record gives one.
  package let actionLabel: String?
  /// Whether it asks to be a wall.
  package let blocking: Bool
  /// When it was published.
  package let publishedAt: Timestamp
  /// When it was last changed, if the record says.
  package let updatedAt: Timestamp?
  /// When it stops interrupting, if ever.
  package let expiresAt: Timestamp?
  /// The lowest version it reaches, if bounded.
  package let minVersion: Version?
  /// The highest version it reaches, if bounded so.
  package let maxVersion: Version?
  /// The version below which it reaches every version (hotfixes included), if bounded so.
  package let belowVersion: Version?
  /// Who it reaches beyond its range: a growing share of users, when it rolls out (§5.8).
  package let rollout: Rollout?
  /// How many seconds after being dismissed it is unseen again, when it reminds (§5.9).
  package let remindAfter: Int?
  /// Its page in the archive.
  package let url: String
  /// Whether it is a draft (present only in a build with drafts).
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
  package static let remindAfterRange =
    ClientLimits.minimumRemindAfter...ClientLimits.maximumRemindAfter

  /// Reads a row; one whose `remindAfter` is outside `remindAfterRange` or whose rollout no client
  /// could read alike is refused, so the document leaves it out as every client does.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    severity = try container.decode(Severity.self, forKey: .severity)
    kind = try container.decode(Kind.self, forKey: .kind)
    title = try container.decode(String.self, forKey: .title)
    body = try container.decode(MessageBody.self, forKey: .body)
    html = try container.decode(String.self, forKey: .html)
    actionURL = try container.decodeIfPresent(String.self, forKey: .actionURL)
    actionLabel = try container.decodeIfPresent(String.self, forKey: .actionLabel)
    blocking = try container.decode(Bool.self, forKey: .blocking)
    publishedAt = try container.decode(Timestamp.self, forKey: .publishedAt)
    updatedAt = try container.decodeIfPresent(Timestamp.self, forKey: .updatedAt)
    expiresAt = try container.decodeIfPresent(Timestamp.self, forKey: .expiresAt)
    minVersion = try container.decodeIfPresent(Version.self, forKey: .minVersion)
    maxVersion = try container.decodeIfPresent(Version.self, forKey: .maxVersion)
    belowVersion = try container.decodeIfPresent(Version.self, forKey: .belowVersion)
    rollout = try container.decodeIfPresent(Rollout.self, forKey: .rollout)
    remindAfter = try container.decodeIfPresent(Int.self, forKey: .remindAfter)
    url = try container.decode(String.self, forKey: .url)
    draft = try container.decodeIfPresent(Bool.self, forKey: .draft)
    if let remindAfter, !Self.remindAfterRange.contains(remindAfter) {
      throw DecodingError.dataCorruptedError(
        forKey: .remindAfter, in: container,
        debugDescription: "remindAfter \(remindAfter) is outside \(Self.remindAfterRange)")
    }
  }

  /// Writes every key; absent optional values as `null`, `draft` only when it is set.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(severity, forKey: .severity)
    try container.encode(kind, forKey: .kind)
    try container.encode(title, forKey: .title)
    try container.encode(body, forKey: .body)
    try container.encode(html, forKey: .html)
    try container.encode(actionURL, forKey: .actionURL)
    try container.encode(actionLabel, forKey: .actionLabel)
    try container.encode(blocking, forKey: .blocking)
    try container.encode(publishedAt, forKey: .publishedAt)
    try container.encode(updatedAt, forKey: .updatedAt)
    try container.encode(expiresAt, forKey: .expiresAt)
    try container.encode(minVersion, forKey: .minVersion)
    try container.encode(maxVersion, forKey: .maxVersion)
    try container.encode(belowVersion, forKey: .belowVersion)
    try container.encode(rollout, forKey: .rollout)
    try container.encode(remindAfter, forKey: .remindAfter)
    try container.encode(url, forKey: .url)
    try container.encodeIfPresent(draft, forKey: .draft)
  }

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
