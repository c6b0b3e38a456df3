extension ManifestRowField {
  /// Every field of a row, in the order rows declare them.
  package static let all: [ManifestRowField] = [
    ManifestRowField(
      "id", .identifier,
      "The record's id: it keys seen state, and never changes once published.",
      record: .id,
      "A slug, unique in the site; it keys seen state and URLs, so it never changes once"
        + " published."),
    ManifestRowField(
      "severity", .severity, "How it interrupts: a strip, a dialog or a takeover.",
      record: .severity,
      "The shape in the app: INFO a strip, IMPORTANT a dialog shown once, CRITICAL a full-screen"
        + " takeover."),
    ManifestRowField(
      "kind", .kind, "What it is about (icon and label only).",
      record: .kind, "The words and the icon; independent of severity."),
    ManifestRowField(
      "title", .title, "The title, plain text.",
      record: .title, "Plain text, not empty after trimming; over 80 characters is a warning."),
    ManifestRowField(
      "body", .body, "The body as the app shows it: paragraphs, and at most one list of bullets.",
      record: .body,
      "In a .md record the text after the front matter; in JSON, Markdown text or {paragraphs,"
        + " bullets}."),
    ManifestRowField(
      "html", .text, "The body as HTML (inline emphasis, code and safe links kept)."),
    ManifestRowField(
      "actionUrl", .text, .nullable,
      "Where the button leads, the store sentinel already resolved for the platform.",
      record: .actionUrl,
      "store (each platform's own store page), an https:// URL, a deep link of a configured"
        + " scheme, or an in-app path starting with /."),
    ManifestRowField(
      "actionLabel", .text, .nullable, "The button's label, when the record gives one.",
      record: .actionLabel, "The button's words (default: by kind)."),
    ManifestRowField(
      "blocking", .boolean, "Whether it asks to be a wall.",
      record: .blocking,
      "A force-update wall: CRITICAL only, with an actionUrl, confirmBlocking and an upper"
        + " bound."),
    ManifestRowField(
      "publishedAt", .timestamp, "When it was published.",
      record: .publishAt, "When it goes live (a date means 00:00 UTC)."),
    ManifestRowField(
      "updatedAt", .timestamp, .nullable, "When it was last changed, if the record says.",
      record: .updatedAt, "The feed's updated time for the entry."),
    ManifestRowField(
      "expiresAt", .timestamp, .nullable, "When it stops interrupting, if ever.",
      record: .expiresAt, "When it stops interrupting; it stays in the archive."),
    ManifestRowField(
      "minVersion", .version, .nullable, "The lowest version it reaches (inclusive), if bounded.",
      record: .minVersion, "The lowest version reached (inclusive)."),
    ManifestRowField(
      "maxVersion", .version, .nullable,
      "The highest version it reaches (inclusive), if bounded so.",
      record: .maxVersion,
      "The highest version reached (inclusive); a wall usually wants belowVersion."),
    ManifestRowField(
      "belowVersion", .version, .nullable,
      "Every version below it is reached (hotfixes of the release below included), if bounded so.",
      record: .belowVersion,
      "Reaches every version below it, hotfixes included; never with maxVersion."),
    ManifestRowField(
      "rollout", .rollout, .nullable,
      "Who it reaches beyond its range: a growing share of users (null: everyone in range).",
      record: .rollout,
      "A growing share of users it reaches: 25%, or steps counted from publishAt, optionally"
        + " with a salt."),
    ManifestRowField(
      "remindAfter", .reminderSeconds, .nullable,
      "Seconds after a dismissal at which it is unseen again (null: seen for good).",
      record: .remindAfter,
      "Non-blocking records only: dismissed, it is unseen again after this long, from 1h to"
        + " 3650d (12h, 7d, 2w)."),
    ManifestRowField("url", .uri, "Its page in the archive."),
    ManifestRowField(
      "draft", .boolean, .draftBuildsOnly, "Whether it is a draft (only in a build with drafts).",
      record: .draft, "A draft is in no output unless build --drafts or serve asks for it."),
  ]

  /// Makes an entry whose key is always there.
  init(
    _ key: String, _ type: ValueType, _ documentation: String,
    record field: AnnouncementField? = nil, _ recordDescription: String? = nil
  ) {
    self.init(key, type, .required, documentation, record: field, recordDescription)
  }

  /// Makes an entry.
  init(
    _ key: String, _ type: ValueType, _ presence: Presence, _ documentation: String,
    record field: AnnouncementField? = nil, _ recordDescription: String? = nil
  ) {
    self.key = key
    self.type = type
    self.presence = presence
    self.documentation = documentation
    self.record = field.flatMap { field in
      recordDescription.map { RecordSource(field: field, description: $0) }
    }
  }
}
