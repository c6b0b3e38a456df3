/// The field names of a record, exactly as DESIGN §2 spells them.
package enum AnnouncementField: String, Sendable, CaseIterable {
  /// The slug.
  case id
  /// The title.
  case title
  /// INFO, IMPORTANT or CRITICAL.
  case severity
  /// WHATS_NEW, UPDATE_AVAILABLE or NOTICE.
  case kind
  /// The body.
  case body
  /// The lowest version reached.
  case minVersion
  /// The highest version reached.
  case maxVersion
  /// The version every version below which is reached (an exclusive upper bound).
  case belowVersion
  /// The platforms reached.
  case platforms
  /// Where the button leads.
  case actionUrl
  /// The button's label.
  case actionLabel
  /// Whether it is a wall.
  case blocking
  /// The typed confirmation of a wall.
  case confirmBlocking
  /// The kill switch.
  case active
  /// Whether it is a draft.
  case draft
  /// When it goes live.
  case publishAt
  /// When it stops interrupting.
  case expiresAt
  /// When it was last changed.
  case updatedAt
  /// The growing share of users it reaches.
  case rollout
  /// How long after a dismissal it is unseen again.
  case remindAfter
  /// Its words in other locales.
  case translations

  /// Every field name, in the order of DESIGN §2.
  package static let names = allCases.map(\.rawValue)
  /// The fields a translation may give: the words, never the facts.
  package static let translatable: [AnnouncementField] = [.title, .body, .actionLabel]

  /// The fields every record must have.
  package static let required: [AnnouncementField] = [.id, .title, .severity, .kind, .publishAt]
}
