/// One field of a manifest row, described once: the manifest schema, the record schema's
/// descriptions and the TypeScript and Kotlin rows and decoders are made from `all`.
///
/// Adding a field to rows is an entry in `all`, a property of `ManifestRow` (which
/// `ManifestRowFieldTests` holds to the table), its value in `ManifestWriter.row`, the rules that
/// use it, and `scripts/generate-client-rows`.
package struct ManifestRowField: Sendable, Hashable {
  /// The JSON key, as DESIGN §3 names it (and the TypeScript and Kotlin property's name).
  package let key: String
  /// What the value is, which decides its schema, its client types and how clients read it.
  package let type: ValueType
  /// Whether the key is always there, may be `null`, or appears only in a build with drafts.
  package let presence: Presence
  /// What it means to an app: the schema's description and the clients' documentation.
  package let documentation: String
  /// The record field it comes from and that field's description for whoever writes records, or
  /// nil when herald derives it (`html`, `url`).
  package let record: RecordSource?

  /// What a row field holds.
  package enum ValueType: String, Sendable, Hashable, CaseIterable {
    /// A record id (a slug).
    case identifier
    /// A title: text that is never empty.
    case title
    /// Any text.
    case text
    /// An absolute URL.
    case uri
    /// `INFO`, `IMPORTANT` or `CRITICAL`.
    case severity
    /// `WHATS_NEW`, `UPDATE_AVAILABLE` or `NOTICE`.
    case kind
    /// Paragraphs and bullets.
    case body
    /// true or false.
    case boolean
    /// A UTC time, to the second or finer.
    case timestamp
    /// A version.
    case version
    /// A rollout's salt and steps.
    case rollout
    /// A whole count of seconds inside `ClientLimits`' reminder range.
    case reminderSeconds
  }

  /// Whether a key is always there.
  package enum Presence: String, Sendable, Hashable {
    /// Always there, never `null`.
    case required
    /// Always there in what herald writes, `null` when absent; a client reads a missing key as
    /// absent too.
    case nullable
    /// Only in a build with drafts (`build --drafts`, `serve`).
    case draftBuildsOnly
  }

  /// The record field a row field comes from.
  package struct RecordSource: Sendable, Hashable {
    /// The record field.
    package let field: AnnouncementField
    /// Its description in `schemas/record.schema.json`, for whoever writes records.
    package let description: String
  }

  /// Whether a client may find it `null` or missing.
  package var isOptional: Bool { presence != .required }
}
