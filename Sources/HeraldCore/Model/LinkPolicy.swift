/// Which link destinations a body may carry: the same everywhere, so the HTML, the feed and the app
/// never open a `javascript:` or `data:` URL.
public enum LinkPolicy {
  /// Schemes a body link may use besides the site's deep-link schemes.
  public static let safeSchemes = ["http", "https", "mailto"]

  /// Whether a link destination is safe: relative, or with a safe or configured deep-link scheme.
  public static func isSafe(_ destination: String, deepLinkSchemes: [String]) -> Bool {
    guard
      !destination.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
    else { return false }
    guard let colon = destination.firstIndex(of: ":") else { return true }
    let beforeColon = destination[..<colon]
    // A colon after a path, query or fragment starts no scheme (`/a:b`, `?x=1:2`).
    if beforeColon.contains(where: { "/?#".contains($0) }) { return true }
    let scheme = beforeColon.lowercased()
    return safeSchemes.contains(scheme) || deepLinkSchemes.contains(scheme)
  }
}
