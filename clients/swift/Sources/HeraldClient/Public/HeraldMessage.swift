import Foundation
import HeraldProtocol

/// One announcement as an app draws it: its words, how it interrupts, and its action classified
/// with a label.
public struct HeraldMessage: Sendable, Hashable, Identifiable {
  /// How a message interrupts: a strip, a dialog or a takeover (a wall is `critical`).
  public enum Severity: String, Sendable, Hashable, CaseIterable {
    /// A dismissible strip.
    case info = "INFO"
    /// A dialog, shown once.
    case important = "IMPORTANT"
    /// A full-screen takeover, or a wall when it blocks.
    case critical = "CRITICAL"
  }

  /// What a message is about (its icon and label only).
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// Something new in the app.
    case whatsNew = "WHATS_NEW"
    /// A new version to install.
    case updateAvailable = "UPDATE_AVAILABLE"
    /// Anything else.
    case notice = "NOTICE"
  }

  /// A message's body as an app lays it out: paragraphs, then one bullet list.
  public struct Body: Sendable, Hashable {
    /// The paragraphs, in order, as plain text.
    public let paragraphs: [String]
    /// The bullets, in order, as plain text.
    public let bullets: [String]
  }

  /// The record's id (it keys seen state).
  public let id: String
  /// How it interrupts.
  public let severity: Severity
  /// What it is about.
  public let kind: Kind
  /// The title.
  public let title: String
  /// The body as plain text.
  public let body: Body
  /// The body as HTML (inline emphasis, code and safe links kept), for a web view.
  public let html: String
  /// Where its button leads, or nil when it has none.
  public let action: HeraldAction?
  /// The button's label: the record's, else a default for its kind (nil when there is no action).
  public let actionLabel: String?
  /// When it was published.
  public let publishedAt: Date
  /// When it was last changed, if the record says.
  public let updatedAt: Date?
  /// When it stops interrupting, if ever.
  public let expiresAt: Date?
  /// Its page in the channel's archive.
  public let pageURL: URL?
  /// The row as the manifest has it (what `herald explain` prints).
  package let row: ManifestRow

  /// The message of a row, its action classified.
  package init(row: ManifestRow) {
    self.row = row
    id = row.id
    severity = Severity(row.severity)
    kind = Kind(row.kind)
    title = row.title
    body = Body(paragraphs: row.body.paragraphs, bullets: row.body.bullets)
    html = row.html
    action = row.actionURL.flatMap(HeraldAction.init(classifying:))
    actionLabel = action == nil ? nil : (row.actionLabel ?? row.kind.defaultActionLabel)
    publishedAt = row.publishedAt.foundationDate
    updatedAt = row.updatedAt?.foundationDate
    expiresAt = row.expiresAt?.foundationDate
    pageURL = row.url.isEmpty ? nil : URL(string: row.url)
  }
}

extension HeraldMessage.Severity {
  init(_ severity: HeraldProtocol.Severity) {
    switch severity {
    case .info: self = .info
    case .important: self = .important
    case .critical: self = .critical
    }
  }
}

extension HeraldMessage.Kind {
  init(_ kind: HeraldProtocol.Kind) {
    switch kind {
    case .whatsNew: self = .whatsNew
    case .updateAvailable: self = .updateAvailable
    case .notice: self = .notice
    }
  }
}
