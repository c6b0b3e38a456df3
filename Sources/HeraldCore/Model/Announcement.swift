/// One announcement record, typed and checked.
///
/// The fields live in one shared, immutable box: a record is copied into many lists (the archive,
/// the feed, every manifest), and a copy then costs one reference count instead of one per field.
package struct Announcement: Sendable, Hashable {
  /// The stored fields.
  private struct Fields: Sendable, Hashable {
    let id: String
    let title: String
    let severity: Severity
    let kind: Kind
    let body: AnnouncementBody
    let range: VersionRange
    let platforms: [String]?
    let action: ActionTarget?
    let actionLabel: String?
    let blocking: Bool
    let active: Bool
    let draft: Bool
    let publishAt: Timestamp
    let expiresAt: Timestamp?
    let updatedAt: Timestamp?
    let rollout: RolloutPlan?
    let remindAfter: Int64?
    let translations: [String: Translation]
    let source: RecordSource
  }

  /// The box that copies of a record share.
  private final class Box: Sendable {
    let fields: Fields
    init(_ fields: Fields) { self.fields = fields }
  }

  private let box: Box

  /// Whether two values are copies of one record as read (they share its box): a test that
  /// compares no field.
  package func isCopy(of other: Announcement) -> Bool { box === other.box }

  /// The slug that keys seen state, anchors and URLs; it never changes once published.
  package var id: String { box.fields.id }
  /// The plain-text title.
  package var title: String { box.fields.title }
  /// How it interrupts.
  package var severity: Severity { box.fields.severity }
  /// What it is about.
  package var kind: Kind { box.fields.kind }
  /// The body.
  package var body: AnnouncementBody { box.fields.body }
  /// The app versions it reaches.
  package var range: VersionRange { box.fields.range }
  /// The platforms it reaches, sorted; nil means every configured platform.
  package var platforms: [String]? { box.fields.platforms }
  /// Where its button leads, if it has one.
  package var action: ActionTarget? { box.fields.action }
  /// The button's label, if the record gives one.
  package var actionLabel: String? { box.fields.actionLabel }
  /// Whether it is a force-update wall.
  package var blocking: Bool { box.fields.blocking }
  /// False removes it from every output: the kill switch.
  package var active: Bool { box.fields.active }
  /// A draft is left out of outputs unless asked for.
  package var draft: Bool { box.fields.draft }
  /// When it goes live; also its published date.
  package var publishAt: Timestamp { box.fields.publishAt }
  /// When it stops interrupting, if ever.
  package var expiresAt: Timestamp? { box.fields.expiresAt }
  /// When it was last changed, for the feed.
  package var updatedAt: Timestamp? { box.fields.updatedAt }
  /// The growing share of users it reaches, when it rolls out.
  package var rollout: RolloutPlan? { box.fields.rollout }
  /// Seconds after a dismissal at which it is unseen again, when it reminds.
  package var remindAfter: Int64? { box.fields.remindAfter }
  /// Its words in other locales, by locale tag; the record's own fields are the default locale's.
  package var translations: [String: Translation] { box.fields.translations }
  /// Where it was read from, for diagnostics that concern a field.
  package var source: RecordSource { box.fields.source }
  /// The fingerprint of what it was read from (`source.key`), read without copying its source: a
  /// plan reads it once for every file that shows the record.
  package var sourceKey: Fingerprint? { box.fields.source.key }

  /// Makes a record from its fields.
  package init(
    id: String, title: String, severity: Severity, kind: Kind, body: AnnouncementBody = .empty,
    range: VersionRange = .unbounded, platforms: [String]? = nil, action: ActionTarget? = nil,
    actionLabel: String? = nil, blocking: Bool = false, active: Bool = true, draft: Bool = false,
    publishAt: Timestamp, expiresAt: Timestamp? = nil, updatedAt: Timestamp? = nil,
    rollout: RolloutPlan? = nil, remindAfter: Int64? = nil,
    translations: [String: Translation] = [:], source: RecordSource = RecordSource(file: "")
  ) {
    box = Box(
      Fields(
        id: id, title: title, severity: severity, kind: kind, body: body, range: range,
        platforms: platforms, action: action, actionLabel: actionLabel, blocking: blocking,
        active: active, draft: draft, publishAt: publishAt, expiresAt: expiresAt,
        updatedAt: updatedAt, rollout: rollout, remindAfter: remindAfter,
        translations: translations, source: source))
  }

  /// The same record with other words and source: what localizing and merging make.
  func replacing(
    title: String? = nil, body: AnnouncementBody? = nil, actionLabel: String?? = nil,
    translations: [String: Translation]? = nil, source: RecordSource? = nil
  ) -> Announcement {
    let fields = box.fields
    return Announcement(
      id: fields.id, title: title ?? fields.title, severity: fields.severity, kind: fields.kind,
      body: body ?? fields.body, range: fields.range, platforms: fields.platforms,
      action: fields.action, actionLabel: actionLabel ?? fields.actionLabel,
      blocking: fields.blocking, active: fields.active, draft: fields.draft,
      publishAt: fields.publishAt, expiresAt: fields.expiresAt, updatedAt: fields.updatedAt,
      rollout: fields.rollout, remindAfter: fields.remindAfter,
      translations: translations ?? fields.translations, source: source ?? fields.source)
  }

  /// The same announcement, with the fingerprint of what it was read from.
  package func keyed(_ key: Fingerprint) -> Announcement {
    replacing(source: RecordSource(file: source.file, key: key))
  }

  /// Equal when every field is equal.
  package static func == (lhs: Announcement, rhs: Announcement) -> Bool {
    lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
  }

  /// Hashes every field.
  package func hash(into hasher: inout Hasher) { hasher.combine(box.fields) }

  /// The platforms it reaches among the configured ones, in configuration order.
  package func reachedPlatforms(in config: SiteConfig) -> [PlatformSettings] {
    config.platforms(reachedBy: platforms)
  }

  /// The feed's and the manifests' `updated` time: `updatedAt`, else `publishAt`.
  package var lastChange: Timestamp { updatedAt ?? publishAt }
}

/// Where a record was read from: its file and where each field was written.
package struct RecordSource: Sendable, Hashable {
  /// The file's path relative to the site.
  package let file: String
  /// The fingerprint of everything the record was read from (its path, its bytes, herald.yaml),
  /// when a build cache took one: what the fragments rendered from it are kept under.
  package let key: Fingerprint?

  /// Makes a source from a file.
  package init(file: String) {
    self.file = file
    key = nil
  }

  /// Makes a source from a file and the fingerprint of what it was read from.
  package init(file: String, key: Fingerprint?) {
    self.file = file
    self.key = key
  }
}
