/// Why an `actionUrl` is not allowed, with a hint that says what to write instead.
package struct ActionTargetError: Error, Sendable, Equatable {
  /// The message, quoting the text.
  package let message: String
  /// What to write instead.
  package let hint: String
}

extension ActionTarget {
  /// Schemes that are never accepted, even when configured as deep-link schemes: every scheme
  /// an app refuses (`RowAction.refusedSchemes`), and `https`, which is a web page, not a deep link.
  package static let forbiddenSchemes: Set<String> = Set(RowAction.refusedSchemes + ["https"])

  /// Reads `store`, an `https://` URL with a host, a URL with a configured deep-link scheme, or an
  /// in-app path starting with a single `/`; everything else is an error.
  package init(parsing text: String, deepLinkSchemes: [String]) throws(ActionTargetError) {
    if Self.isPlainURLText(text),
      let target = Self.plainTarget(text, deepLinkSchemes: deepLinkSchemes)
    {
      self = target
    } else {
      self = try Self.read(text, deepLinkSchemes: deepLinkSchemes)
    }
  }

  /// The whole reading, by characters, which says what is wrong with a text it refuses.
  package static func read(
    _ text: String, deepLinkSchemes: [String]
  ) throws(ActionTargetError) -> ActionTarget {
    func fail(_ message: String, _ hint: String? = nil) -> ActionTargetError {
      ActionTargetError(message: message, hint: hint ?? Self.allowedHint(deepLinkSchemes))
    }
    if text == "store" { return .store }
    guard !text.isEmpty else { throw fail("actionUrl is empty") }
    // The scalars an app refuses (RowAction), so that whatever the build writes an app opens.
    if let bad = text.unicodeScalars.first(where: { scalar in
      RowAction.refusedScalars.contains { $0.contains(scalar.value) }
    }) {
      throw fail(
        "actionUrl \"\(text)\" contains a space, a control character or an invisible one"
          + " (\(bad.codePoint))",
        "encode spaces as %20 and remove the others")
    }
    if let bad = text.unicodeScalars.first(where: { $0.isASCII && !URLCharacters.isAllowed($0) }) {
      throw fail(
        "actionUrl \"\(text)\" contains \(bad), which a URL must percent-encode",
        "write \(URLCharacters.percentEncoded(text)) instead")
    }
    if text.lowercased() == "store" {
      throw fail("actionUrl \"\(text)\" is not the store sentinel", "write store in lowercase")
    }
    // By scalars, as for the host below: "/" then "/" with a combining mark is still "//".
    let scalars = text.unicodeScalars
    if scalars.starts(with: "//".unicodeScalars) {
      throw fail(
        "actionUrl \"\(text)\" is a protocol-relative URL, which leaves the app",
        "write https:\(text), or an in-app path with a single /")
    }
    if scalars.first == "/" { return .inAppPath(text) }
    guard let colon = text.firstIndex(of: ":"), Self.isScheme(text[..<colon].utf8) else {
      throw fail("actionUrl \"\(text)\" is neither a URL nor an in-app path")
    }
    return try readURL(
      text, scheme: text[..<colon].lowercased(), rest: text[text.index(after: colon)...],
      deepLinkSchemes: deepLinkSchemes, fail: fail)
  }

  /// Reads a URL by its (lowercased) scheme and what follows the colon.
  private static func readURL(
    _ text: String, scheme: String, rest: Substring, deepLinkSchemes: [String],
    fail: (String, String?) -> ActionTargetError
  ) throws(ActionTargetError) -> ActionTarget {
    switch scheme {
    case "https":
      switch authority(after: rest) {
      case nil: throw fail("actionUrl \"\(text)\" has no host", nil)
      case .some(let authority) where authority.contains("@"):
        throw fail(
          "actionUrl \"\(text)\" carries a user name before \"@\", which disguises the real host",
          "link to the host directly")
      case .some: return .web(text)
      }
    case "http":
      throw fail(
        "actionUrl \"\(text)\" uses plain http", "use https://\(rest.drop { $0 == "/" })")
    case _ where Self.forbiddenSchemes.contains(scheme):
      throw fail("actionUrl \"\(text)\" uses the \(scheme): scheme, which is never allowed", nil)
    case _ where deepLinkSchemes.contains(scheme):
      return .deepLink(text)
    default:
      let suggestion = NearestName.suggestion(for: scheme, among: deepLinkSchemes)
      throw fail(
        "actionUrl \"\(text)\" uses the scheme \"\(scheme):\", which herald.yaml does not list",
        suggestion.map { "did you mean \"\($0):\"?" }
          ?? "add \"\(scheme)\" to deepLinkSchemes in herald.yaml if the app handles it")
    }
  }

  /// What an actionUrl may be, for the hint of an error.
  private static func allowedHint(_ deepLinkSchemes: [String]) -> String {
    "write store, an https:// URL, an in-app path such as /settings"
      + (deepLinkSchemes.isEmpty
        ? "" : ", or a deep link (\(deepLinkSchemes.map { "\($0):" }.joined(separator: ", ")))")
  }

  /// Whether every byte is ASCII that a URL may hold unencoded (so no space or control character).
  package static func isPlainURLText(_ text: String) -> Bool {
    text.utf8.allSatisfy { $0 < 0x80 && URLCharacters.isAllowed(Unicode.Scalar($0)) }
  }

  /// The target of a text of plain URL characters, or nil when it needs the whole reading.
  ///
  /// Takes only what `read` accepts as written, and leaves everything else (every error among
  /// them) to `read`, which says what is wrong. Bytes are characters in such a text, so this reads
  /// bytes; a test holds it to `read`'s answers.
  package static func plainTarget(_ text: String, deepLinkSchemes: [String]) -> ActionTarget? {
    let utf8 = text.utf8
    let slash = UInt8(ascii: "/")
    guard let first = utf8.first else { return nil }
    if first == slash {
      return utf8.dropFirst().first == slash ? nil : .inAppPath(text)
    }
    guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
    let scheme = utf8[..<colon]
    guard Self.isScheme(scheme) else { return nil }
    if scheme.elementsEqual("https".utf8) {
      guard let authority = authority(after: text[utf8.index(after: colon)...]),
        !authority.contains("@")
      else { return nil }
      return .web(text)
    }
    let lowered = String(decoding: scheme, as: UTF8.self).lowercased()
    guard !Self.forbiddenSchemes.contains(lowered), deepLinkSchemes.contains(lowered) else {
      return nil
    }
    return .deepLink(text)
  }

  private static func authority(after rest: Substring) -> Substring.UnicodeScalarView.SubSequence? {
    RowAction.authority(after: rest)
  }

  /// Whether text is a URL scheme (the protocol's rule).
  static func isScheme(_ bytes: some Collection<UInt8>) -> Bool { URLCharacters.isScheme(bytes) }
}
