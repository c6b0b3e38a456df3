/// Why an `actionUrl` is not allowed, with a hint that says what to write instead.
public struct ActionTargetError: Error, Sendable, Equatable {
  /// The message, quoting the text.
  public let message: String
  /// What to write instead.
  public let hint: String
}

extension ActionTarget {
  /// Schemes that are never accepted, even when configured as deep-link schemes.
  public static let forbiddenSchemes: Set<String> = [
    "http", "https", "javascript", "data", "file", "vbscript", "about", "blob", "ftp",
  ]

  /// Reads `store`, an `https://` URL with a host, a URL with a configured deep-link scheme, or an
  /// in-app path starting with a single `/`; everything else is an error.
  public init(parsing text: String, deepLinkSchemes: [String]) throws(ActionTargetError) {
    let allowed =
      "write store, an https:// URL, an in-app path such as /settings"
      + (deepLinkSchemes.isEmpty
        ? "" : ", or a deep link (\(deepLinkSchemes.map { "\($0):" }.joined(separator: ", ")))")
    func fail(_ message: String, _ hint: String? = nil) -> ActionTargetError {
      ActionTargetError(message: message, hint: hint ?? allowed)
    }
    if text == "store" {
      self = .store
      return
    }
    guard !text.isEmpty else { throw fail("actionUrl is empty") }
    if text.unicodeScalars.contains(where: {
      $0.value <= 0x20 || $0.value == 0x7F || (!$0.isASCII && $0.properties.isWhitespace)
    }) {
      throw fail(
        "actionUrl \"\(text)\" contains a space or a control character", "encode spaces as %20")
    }
    if let bad = text.unicodeScalars.first(where: { $0.isASCII && !URLCharacters.isAllowed($0) }) {
      throw fail(
        "actionUrl \"\(text)\" contains \(bad), which a URL must percent-encode",
        "write \(URLCharacters.percentEncoded(text)) instead")
    }
    if text.lowercased() == "store" {
      throw fail("actionUrl \"\(text)\" is not the store sentinel", "write store in lowercase")
    }
    if text.hasPrefix("//") {
      throw fail(
        "actionUrl \"\(text)\" is a protocol-relative URL, which leaves the app",
        "write https:\(text), or an in-app path with a single /")
    }
    if text.hasPrefix("/") {
      self = .inAppPath(text)
      return
    }
    guard let colon = text.firstIndex(of: ":"), Self.isScheme(text[..<colon]) else {
      throw fail("actionUrl \"\(text)\" is neither a URL nor an in-app path")
    }
    let scheme = text[..<colon].lowercased()
    let rest = text[text.index(after: colon)...]
    switch scheme {
    case "https":
      guard rest.hasPrefix("//") else { throw fail("actionUrl \"\(text)\" has no host") }
      let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
      guard !authority.isEmpty else { throw fail("actionUrl \"\(text)\" has no host") }
      guard !authority.contains("@") else {
        throw fail(
          "actionUrl \"\(text)\" carries a user name before \"@\", which disguises the real host",
          "link to the host directly")
      }
      self = .web(text)
    case "http":
      throw fail(
        "actionUrl \"\(text)\" uses plain http", "use https://\(rest.drop { $0 == "/" })")
    case _ where Self.forbiddenSchemes.contains(scheme):
      throw fail("actionUrl \"\(text)\" uses the \(scheme): scheme, which is never allowed")
    case _ where deepLinkSchemes.contains(scheme):
      self = .deepLink(text)
    default:
      let suggestion = NearestName.suggestion(for: scheme, among: deepLinkSchemes)
      throw fail(
        "actionUrl \"\(text)\" uses the scheme \"\(scheme):\", which herald.yaml does not list",
        suggestion.map { "did you mean \"\($0):\"?" }
          ?? "add \"\(scheme)\" to deepLinkSchemes in herald.yaml if the app handles it")
    }
  }

  /// Whether a text is a URL scheme: a letter, then letters, digits, `+`, `-` or `.`.
  static func isScheme(_ text: Substring) -> Bool {
    guard let first = text.first, first.isASCII, first.isLetter else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }
}
