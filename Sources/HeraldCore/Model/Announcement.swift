/// One announcement record, typed and checked.
public struct Announcement: Sendable, Hashable {
  /// The slug that keys seen state, anchors and URLs; it never changes once published.
  public var id: String
  /// The plain-text title.
  public var title: String
  /// How it interrupts.
  public var severity: Severity
  /// What it is about.
  public var kind: Kind
  /// The body.
  public var body: AnnouncementBody
  /// The app versions it reaches.
  public var range: VersionRange
  /// The platforms it reaches, sorted; nil means every configured platform.
  public var platforms: [String]?
  /// Where its button leads, if it has one.
  public var action: ActionTarget?
  /// The button's label, if the record gives one.
  public var actionLabel: String?
  /// Whether it is a force-update wall.
  public var blocking: Bool
  /// False removes it from every output: the kill switch.
  public var active: Bool
  /// A draft is left out of outputs unless asked for.
  public var draft: Bool
  /// When it goes live; also its published date.
  public var publishAt: Timestamp
  /// When it stops interrupting, if ever.
  public var expiresAt: Timestamp?
  /// When it was last changed, for the feed.
  public var updatedAt: Timestamp?
  /// Where it was read from, for diagnostics that concern a field.
  public var source: RecordSource

  /// Makes a record from its fields.
  public init(
    id: String, title: String, severity: Severity, kind: Kind, body: AnnouncementBody = .empty,
    range: VersionRange = .unbounded, platforms: [String]? = nil, action: ActionTarget? = nil,
    actionLabel: String? = nil, blocking: Bool = false, active: Bool = true, draft: Bool = false,
    publishAt: Timestamp, expiresAt: Timestamp? = nil, updatedAt: Timestamp? = nil,
    source: RecordSource = RecordSource(file: "")
  ) {
    self.id = id
    self.title = title
    self.severity = severity
    self.kind = kind
    self.body = body
    self.range = range
    self.platforms = platforms
    self.action = action
    self.actionLabel = actionLabel
    self.blocking = blocking
    self.active = active
    self.draft = draft
    self.publishAt = publishAt
    self.expiresAt = expiresAt
    self.updatedAt = updatedAt
    self.source = source
  }

  /// Whether the record reaches a platform.
  public func reaches(platform: String) -> Bool { platforms?.contains(platform) ?? true }

  /// The platforms it reaches among the configured ones, in configuration order.
  public func reachedPlatforms(in config: SiteConfig) -> [PlatformSettings] {
    config.platforms.filter { reaches(platform: $0.key) }
  }

  /// The feed's and the manifests' `updated` time: `updatedAt`, else `publishAt`.
  public var lastChange: Timestamp { updatedAt ?? publishAt }
}

/// Where a record was read from: its file and where each field was written.
public struct RecordSource: Sendable, Hashable {
  /// The file's path relative to the site.
  public let file: String
  /// Where each field's key was written, by field name.
  public let fieldPositions: [String: SourcePosition]

  /// Makes a source from a file and the positions of its fields.
  public init(file: String, fieldPositions: [String: SourcePosition] = [:]) {
    self.file = file
    self.fieldPositions = fieldPositions
  }

  /// Where a field was written, or the start of the file when it was not.
  public func position(of field: String) -> SourcePosition {
    fieldPositions[field] ?? .start
  }
}
