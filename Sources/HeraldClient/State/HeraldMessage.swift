import Foundation
import HeraldCore

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

/// Where a button leads, as an app opens it (DESIGN §5.7).
public enum HeraldAction: Sendable, Hashable {
  /// An https URL (the store sentinel arrives already resolved to the platform's store page):
  /// open it in the browser or the store.
  case web(URL)
  /// A URL with one of the app's own schemes: hand it to the app's deep-link router.
  case deepLink(URL)
  /// A path inside the app, starting with `/`: navigate to it.
  case inApp(path: String)

  /// Classifies an `actionUrl`; nil for text that is none of the three (which herald never writes).
  public init?(classifying text: String) {
    if text.hasPrefix("/") && !text.hasPrefix("//") {
      self = .inApp(path: text)
      return
    }
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return nil }
    switch scheme {
    case "https": self = .web(url)
    case "http", "javascript", "data", "file", "vbscript": return nil
    default: self = .deepLink(url)
    }
  }

  /// `web`, `deep-link` or `in-app`.
  public var kind: String {
    switch self {
    case .web: return "web"
    case .deepLink: return "deep-link"
    case .inApp: return "in-app"
    }
  }

  /// The URL or path as written.
  public var target: String {
    switch self {
    case .web(let url), .deepLink(let url): return url.absoluteString
    case .inApp(let path): return path
    }
  }
}
