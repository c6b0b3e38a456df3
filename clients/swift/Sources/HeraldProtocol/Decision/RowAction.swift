/// A row's `actionUrl` as an app classifies it (DESIGN §5.7): a web page, a deep link or an in-app
/// path, or nothing an app may open.
///
/// The build only writes actions this classifies, and every client classifies by these rules (the
/// table is `conformance/actions.json`): a blocking row whose action does not classify is no wall,
/// because a wall without an exit would hold the user hostage.
package struct RowAction: Sendable, Hashable {
  /// What kind of destination an action is.
  package enum Kind: String, Sendable, Hashable {
    /// An `https://` URL with a host: the browser, or the store app for a store page.
    case web
    /// A URL with another scheme, for the app's deep-link router.
    case deepLink = "deep-link"
    /// A path inside the app, starting with a single `/`.
    case inApp = "in-app"
  }

  /// The kind of destination.
  package let kind: Kind
  /// The URL or path exactly as the row has it.
  package let target: String

  /// Schemes no action may use, in any letter case.
  ///
  /// They leave the app for an unsafe or unencrypted place, run script, install software
  /// (`itms-services`), or open arbitrary components of other apps (`intent`). `https` is not
  /// here: it is the web kind.
  package static let refusedSchemes: [String] = [
    "about", "blob", "data", "file", "ftp", "http", "intent", "itms-services", "javascript",
    "vbscript",
  ]

  /// Ranges of Unicode scalars no action may contain: controls, every White_Space character, and
  /// invisible formatting characters that disguise where a link leads.
  package static let refusedScalars: [ClosedRange<UInt32>] = [
    0x00...0x20, 0x7F...0xA0, 0x1680...0x1680, 0x2000...0x200F, 0x2028...0x202F,
    0x205F...0x2064, 0x2066...0x2069, 0x3000...0x3000, 0xFEFF...0xFEFF,
  ]

  /// Classifies an `actionUrl`; nil for text that is none of the three kinds.
  package init?(classifying text: String) {
    let scalars = text.unicodeScalars
    guard !scalars.isEmpty, !scalars.contains(where: Self.isRefused) else { return nil }
    if scalars.first == "/" {
      // "//" is protocol-relative: it leaves the app for whatever host follows.
      guard !scalars.dropFirst().starts(with: ["/"]) else { return nil }
      self.init(kind: .inApp, target: text)
      return
    }
    guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")),
      URLCharacters.isScheme(text.utf8[..<colon])
    else { return nil }
    let scheme = String(decoding: text.utf8[..<colon], as: UTF8.self).lowercased()
    if scheme == "https" {
      guard let authority = Self.authority(after: text[text.utf8.index(after: colon)...]),
        !authority.contains("@")
      else { return nil }
      self.init(kind: .web, target: text)
      return
    }
    guard !Self.refusedSchemes.contains(scheme) else { return nil }
    self.init(kind: .deepLink, target: text)
  }

  private init(kind: Kind, target: String) {
    self.kind = kind
    self.target = target
  }

  /// Whether no action may contain a scalar: one of `refusedScalars`, or an ASCII character a URL
  /// must percent-encode.
  package static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII && !URLCharacters.isAllowed(scalar) { return true }
    return refusedScalars.contains { $0.contains(scalar.value) }
  }

  /// The host part of what follows `https:`, or nil when there is none (no `//`, or nothing
  /// after it).
  ///
  /// Read by scalars, as a URL parser reads it: by characters, an "@" or a "/" followed by a
  /// combining mark is not "@" or "/", and a user name would pass unseen.
  package static func authority(after rest: Substring) -> Substring.UnicodeScalarView.SubSequence? {
    let scalars = rest.unicodeScalars
    guard scalars.starts(with: "//".unicodeScalars) else { return nil }
    let authority = scalars.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    return authority.isEmpty ? nil : authority
  }
}
