/// Which link destinations a body may carry: the same everywhere, so the HTML, the feed and the app
/// never open a `javascript:` or `data:` URL.
package enum LinkPolicy {
  /// Schemes a body link may use besides the site's deep-link schemes.
  package static let safeSchemes = ["http", "https", "mailto"]

  /// Whether a link destination is safe: relative, or with a safe or configured deep-link scheme.
  ///
  /// The destination is read as a browser's URL parser reads it, by its bytes: a colon followed
  /// by a combining mark still ends a scheme (`javascript:\u{301}…`), though as a `Character`
  /// the two are one.
  package static func isSafe(_ destination: String, deepLinkSchemes: [String]) -> Bool {
    let bytes = destination.utf8
    // Control characters are single bytes in UTF-8, and no other character has such a byte.
    guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return false }
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return true }
    let beforeColon = bytes[..<colon]
    // A colon after a path, query or fragment starts no scheme (`/a:b`, `?x=1:2`).
    let startsNoScheme: (UInt8) -> Bool = {
      $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
    }
    if beforeColon.contains(where: startsNoScheme) { return true }
    let scheme = String(destination[..<colon]).lowercased()
    return safeSchemes.contains(scheme) || deepLinkSchemes.contains(scheme)
  }
}
