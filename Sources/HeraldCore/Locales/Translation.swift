/// A record's words in one locale: any of title, body and action label; what it lacks falls back
/// along the locale's chain.
public struct Translation: Sendable, Hashable {
  /// The title, if translated.
  public var title: String?
  /// The body, if translated.
  public var body: AnnouncementBody?
  /// The button's label, if translated.
  public var actionLabel: String?
  /// Where it was written: the record's file, or its own `<id>.<locale>.md`.
  public var file: String
  /// Where in that file it begins.
  public var position: SourcePosition

  /// Makes a translation.
  public init(
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
