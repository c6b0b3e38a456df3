import HeraldCore
import HeraldTestSupport
import Testing

@Suite("actionUrl accepts store, https, configured deep links and in-app paths only")
struct ActionTargetTests {
  private let schemes = ["linewise"]

  @Test(
    "accepted",
    arguments: [
      ("store", ActionTarget.store),
      ("https://example.com/a?b=c#d", .web("https://example.com/a?b=c#d")),
      ("HTTPS://EXAMPLE.COM", .web("HTTPS://EXAMPLE.COM")),
      ("/settings/widgets", .inAppPath("/settings/widgets")),
      ("linewise://journeys/42", .deepLink("linewise://journeys/42")),
      ("LineWise:x", .deepLink("LineWise:x")),
    ])
  func accepts(_ text: String, _ expected: ActionTarget) throws {
    #expect(try ActionTarget(parsing: text, deepLinkSchemes: schemes) == expected)
  }

  @Test(
    "rejected with a reason",
    arguments: [
      ("http://example.com", "plain http"), ("javascript:alert(1)", "never allowed"),
      ("JavaScript:alert(1)", "never allowed"), ("data:text/html,x", "never allowed"),
      ("myapp://x", "does not list"), ("//evil.example/x", "protocol-relative"),
      ("https://", "no host"), ("https:example.com", "no host"), ("Store", "store sentinel"),
      ("https://apple.com@evil.example/", "user name"), ("https://a b", "space"),
      ("settings", "neither a URL nor an in-app path"), ("", "empty"),
      ("file:///etc/passwd", "never allowed"), ("https://x.example/?q=\"a\"", "percent-encode"),
      ("/path with<angle>", "space"),
      // A combining mark makes "@" part of one character; the user name is still there.
      ("https://apple.com@\u{301}evil.example/", "user name"),
      ("//\u{301}evil.example/x", "protocol-relative"),
    ])
  func rejects(_ text: String, _ reason: String) {
    #expect {
      try ActionTarget(parsing: text, deepLinkSchemes: schemes)
    } throws: { ($0 as? ActionTargetError)?.message.contains(reason) ?? false }
  }

  @Test("the store sentinel resolves to each platform's own store")
  func storeResolution() {
    #expect(
      ActionTarget.store.resolved(storeURL: "https://play.example/app")
        == "https://play.example/app")
    #expect(ActionTarget.inAppPath("/x").resolved(storeURL: "https://store") == "/x")
  }

  @Test(
    "body links keep only safe destinations",
    arguments: [
      ("https://a.example", true), ("/inside", true), ("relative/page", true),
      ("mailto:a@b.example", true),
      ("linewise://x", true), ("javascript:alert(1)", false), ("JAVASCRIPT:x", false),
      ("data:text/html,x", false), ("vbscript:x", false), ("/a:b", true), ("java\nscript:x", false),
      ("javascript:\u{301}alert(1)", false), ("/\u{301}x:y", true), ("?q=a:b", true),
      ("#frag:x", true), ("ja\u{7F}vascript:x", false), ("Https://a.example", true),
    ])
  func linkPolicy(_ destination: String, _ safe: Bool) {
    #expect(LinkPolicy.isSafe(destination, deepLinkSchemes: schemes) == safe)
  }
}

@Suite("the byte reading of plain URL text agrees with the whole reading")
struct ActionTargetFastPathTests {
  /// How texts start: schemes in any case, with and without slashes, paths, the sentinel.
  private static let heads = [
    "https://", "HTTPS://", "https:", "http://", "linewise:", "LineWise://", "javascript:",
    "data:", "/", "//", "store", "", "a+b-c.d:",
  ]
  /// What follows: hosts, user names, queries, another colon or slash.
  private static let pieces = [
    "example.com", "x", "1", "@", "?", "#", "/", "//", ":", "%20", "~", "a.b", "@evil", "linewise",
  ]

  @Test("on 20,000 generated texts, every text the byte reading takes is read the same way")
  func agrees() {
    var generator = SplitMix64(seed: 12)
    var taken = 0
    for _ in 0..<20_000 {
      let head = Self.heads.randomElement(using: &generator) ?? ""
      let tail = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
        Self.pieces.randomElement(using: &generator) ?? ""
      }
      let text = head + tail.joined()
      guard ActionTarget.isPlainURLText(text),
        let fast = ActionTarget.plainTarget(text, deepLinkSchemes: ["linewise"])
      else { continue }
      taken += 1
      #expect(
        (try? ActionTarget.read(text, deepLinkSchemes: ["linewise"])) == fast, "for \(text)")
    }
    #expect(taken > 5_000, "the generator reaches the byte reading often enough to mean something")
  }
}
