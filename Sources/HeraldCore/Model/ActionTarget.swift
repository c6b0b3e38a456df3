/// Where an announcement's button leads, by the kinds DESIGN §2 allows.
package enum ActionTarget: Sendable, Hashable {
  /// The `store` sentinel: each platform's manifest carries that platform's store URL.
  case store
  /// An `https://` URL.
  case web(String)
  /// A URL with one of the site's configured deep-link schemes.
  case deepLink(String)
  /// A path inside the app, starting with `/`.
  case inAppPath(String)

  /// The text as written in the record.
  package var text: String {
    switch self {
    case .store: return "store"
    case .web(let url), .deepLink(let url), .inAppPath(let url): return url
    }
  }

  /// The URL an app on a platform opens: the store sentinel becomes that platform's store URL.
  package func resolved(storeURL: String?) -> String? {
    switch self {
    case .store: return storeURL
    case .web(let url), .deepLink(let url), .inAppPath(let url): return url
    }
  }
}
