import HeraldCore

/// An Atom 1.0 feed (RFC 4287), typed so that every required element is there.
struct AtomFeed: Sendable {
  /// A permanent, unique id for the feed.
  let id: String
  /// The feed's title.
  let title: String
  /// The latest change among the entries (never the clock).
  let updated: Timestamp
  /// The feed's author.
  let author: String
  /// The feed's own URL (`rel="self"`).
  let selfURL: String
  /// The archive's URL (`rel="alternate"`).
  let alternateURL: String
  /// The entries, newest first.
  let entries: [AtomEntry]
  /// The feed's language, as `xml:lang`.
  let language: String
}

/// One entry of an Atom feed.
struct AtomEntry: Sendable {
  /// A permanent, unique id: the record's permalink.
  let id: String
  /// The title, as plain text.
  let title: String
  /// When it last changed.
  let updated: Timestamp
  /// When it was published.
  let published: Timestamp
  /// The permalink (`rel="alternate"`).
  let link: String
  /// The body as HTML, written escaped (`type="html"`).
  let contentHTML: String
  /// Category terms (severity and kind), with the scheme each belongs to.
  let categories: [(term: String, scheme: String, label: String)]
}
