/// A record's words in one locale: any of title, body and action label; what it lacks falls back
/// along the locale's chain.
package struct Translation: Sendable, Hashable {
  /// The title, if translated.
  package var title: String?
  /// The body, if translated.
  package var body: AnnouncementBody?
  /// The button's label, if translated.
  package var actionLabel: String?
  /// Where it was written: the record's file, or its own `<id>.<locale>.md`.
  package var file: String
  /// Where in that file it begins.
  package var position: SourcePosition

  /// Makes a translation.
  package init(
    title: String? = nil, body: AnnouncementBody? = nil, actionLabel: String? = nil,
    file: String = "", position: SourcePosition = .start
  ) {
    self.title = title
    self.body = body
    self.actionLabel = actionLabel
    self.file = file
    self.position = position
  }
}
