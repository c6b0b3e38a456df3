/// The words herald writes as placeholders (`herald new`'s title and body, `herald init`'s welcome
/// and `baseURL`), which `check` warns about when they would reach users, so `--strict` (the
/// pull-request workflow) stops a placeholder before it ships.
package enum PlaceholderText {
  /// The title `herald new` writes.
  package static let newTitle = "Write the headline users see"
  /// The first paragraph of the body `herald new` writes.
  package static let newBody =
    "Say what changed and why it matters, in a paragraph or two. A single bullet list works too:"
  /// The first paragraph of `herald init`'s welcome, as the app shows it (Markdown's code marks
  /// gone; `site-template/content/announcements/welcome.md.mustache` writes it).
  package static let welcomeBody =
    "This is where the app tells its users what changed. Edit this file, or add another with"
    + " herald new, and preview it with herald serve."
  /// The bullet of both bodies.
  package static let bullets: Set<String> = [
    "one point per line",
    "One short paragraph or two, and one list at most: the app shows exactly this.",
  ]

  /// The domains reserved for examples (RFC 2606): a channel served from one reaches no app.
  ///
  /// `herald init` writes `https://example.com/whats-new/`.
  package static let exampleDomains = ["example.com", "example.net", "example.org"]

  /// Whether a body still holds a placeholder herald wrote.
  package static func isPlaceholder(_ body: AnnouncementBody) -> Bool {
    body.paragraphs.contains { $0 == newBody || $0 == welcomeBody }
      || body.bullets.contains { bullets.contains($0) }
  }

  /// Whether a base URL's host is a domain reserved for examples, or one under it.
  package static func isExample(baseURL: String) -> Bool {
    guard let rest = baseURL.split(separator: "://", maxSplits: 1).dropFirst().first,
      let host = rest.split(separator: "/", omittingEmptySubsequences: false).first?
        .split(separator: ":").first?.lowercased()
    else { return false }
    return exampleDomains.contains { host == $0 || host.hasSuffix("." + $0) }
  }
}
