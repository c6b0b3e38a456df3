import Foundation
import HeraldProtocol

/// Where a button leads, as an app opens it (DESIGN §5.7), classified by the rules every client
/// shares (pinned by `conformance/actions.json`).
public struct HeraldAction: Sendable, Hashable {
  /// The kind of destination.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// An `https://` URL with a host: the browser, or the store app for a store page.
    case web
    /// A URL with another scheme, for the app's deep-link router.
    case deepLink = "deep-link"
    /// A path inside the app, starting with a single `/`.
    case inApp = "in-app"
  }

  /// The kind of destination.
  public let kind: Kind
  /// The URL or path exactly as the row has it.
  public let target: String

  /// Classifies an `actionUrl`; nil for text that is none of the three kinds (which herald never
  /// writes: a row with such an action has no button, and is never a wall).
  public init?(classifying text: String) {
    guard let action = RowAction(classifying: text) else { return nil }
    switch action.kind {
    case .web: kind = .web
    case .deepLink: kind = .deepLink
    case .inApp: kind = .inApp
    }
    target = action.target
  }

  /// The URL to open for a web page or a deep link (nil for an in-app path).
  public var url: URL? { kind == .inApp ? nil : URL(string: target) }

  /// The path to navigate to inside the app (nil for a URL).
  public var path: String? { kind == .inApp ? target : nil }
}
