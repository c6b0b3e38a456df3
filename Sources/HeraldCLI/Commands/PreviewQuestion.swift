import Foundation
import HeraldCore

/// What the app preview asks about: an app (platform and version), a moment, and its user.
struct PreviewQuestion {
  /// A query value that is not what its field takes.
  struct Problem: Error {
    /// Says which value and why.
    let message: String
  }

  let platform: String
  let version: Version
  let now: Timestamp
  let accountCreatedAt: Timestamp?
  let seen: Set<String>
  /// The user's languages, most preferred first.
  let languages: [String]
  /// The id rollouts are decided by (the signed-in user's, or the install's): the drawn app and
  /// the reasons decide for the same user.
  let user: String
  let includeDrafts: Bool

  /// The user decided for when the page names none.
  static let defaultUser = "preview"

  /// Reads the query: a missing platform is the first configured one, a missing version its
  /// current release, a missing time now, a missing user `preview`.
  static func parse(_ query: [String: String], config: SiteConfig) -> Result<Self, Problem> {
    guard
      let platform = query["platform"].flatMap({ config.platform($0) }) ?? config.platforms.first
    else { return .failure(Problem(message: "the site has no platforms")) }
    let versionText = query["version"] ?? platform.currentRelease?.text ?? "1.0.0"
    guard let version = Version(versionText) else {
      return .failure(Problem(message: "\"\(versionText)\" is not a version"))
    }
    func time(_ key: String) -> Result<Timestamp?, Problem> {
      guard let text = query[key] else { return .success(nil) }
      guard let time = Timestamp(text) else {
        return .failure(Problem(message: "\"\(text)\" is not a time"))
      }
      return .success(time)
    }
    func list(_ key: String) -> [String] {
      (query[key] ?? "").split(separator: ",").map { String($0).trimmingWhitespace() }
        .filter { !$0.isEmpty }
    }
    return time("now").flatMap { now in
      time("account").map { account in
        PreviewQuestion(
          platform: platform.key, version: version,
          now: now ?? Timestamp(seconds: Int64(Date().timeIntervalSince1970)),
          accountCreatedAt: account, seen: Set(list("seen")), languages: list("languages"),
          user: query["user"].map { $0.trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
            ?? defaultUser,
          includeDrafts: query["drafts"] == "on")
      }
    }
  }

  /// The question as the page shows it back.
  var json: JSONValue {
    .object([
      "platform": .string(platform), "version": .string(version.text),
      "now": .string(now.rfc3339), "accountCreatedAt": .optional(accountCreatedAt?.rfc3339),
      "seen": .array(seen.sorted().map(JSONValue.string)),
      "languages": .array(languages.map(JSONValue.string)), "user": .string(user),
      "drafts": .bool(includeDrafts),
    ])
  }
}
