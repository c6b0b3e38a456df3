import Foundation
import HeraldProtocol

/// One announcement as an app draws it: the row, and its action classified with a label.
public struct HeraldMessage: Sendable, Hashable, Identifiable {
  /// The row as the manifest has it.
  public let row: ManifestRow
  /// Where its button leads, or nil when it has none.
  public let action: HeraldAction?
  /// The button's label: the record's, else a default for its kind (nil when there is no action).
  public let actionLabel: String?

  /// The record's id (it keys seen state).
  public var id: String { row.id }

  /// Classifies a row's action.
  public init(row: ManifestRow) {
    self.row = row
    action = row.actionURL.flatMap(HeraldAction.init(classifying:))
    actionLabel = action == nil ? nil : (row.actionLabel ?? row.kind.defaultActionLabel)
  }
}

/// Where a button leads, as an app opens it (DESIGN §5.7), classified by the rules every client
/// shares (`RowAction`, pinned by `conformance/actions.json`).
public struct HeraldAction: Sendable, Hashable {
  /// `web` (an https page, the store's included), `deepLink` (the app's own scheme) or `inApp`
  /// (a path inside the app).
  public typealias Kind = RowAction.Kind

  /// The kind of destination.
  public let kind: Kind
  /// The URL or path exactly as the row has it.
  public let target: String

  /// Classifies an `actionUrl`; nil for text that is none of the three kinds (which herald never
  /// writes: a row with such an action has no button, and is never a wall).
  public init?(classifying text: String) {
    guard let action = RowAction(classifying: text) else { return nil }
    kind = action.kind
    target = action.target
  }

  /// The URL to open for a web page or a deep link (nil for an in-app path).
  public var url: URL? { kind == .inApp ? nil : URL(string: target) }

  /// The path to navigate to inside the app (nil for a URL).
  public var path: String? { kind == .inApp ? target : nil }
}
