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
  /// Whom rollouts are decided for: a user by their id (the signed-in user's, or the install's),
  /// else inside every rollout begun (as `explain` without `--user`) or outside every one not yet
  /// at 100%; the drawn app and the reasons decide for the same audience.
  let audience: RolloutAudience
  let includeDrafts: Bool

  /// Reads the query: a missing platform is the first configured one, a missing version its
  /// current release, a missing time now; with no user, rollouts are decided as inside every one
  /// begun unless `rollouts=outside`.
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
          audience: audience(query),
          includeDrafts: query["drafts"] == "on")
      }
    }
  }

  /// The audience the query names: its user, else `rollouts` (inside unless `outside`).
  private static func audience(_ query: [String: String]) -> RolloutAudience {
    if let user = query["user"]?.trimmingWhitespace(), !user.isEmpty { return .user(user) }
    return query["rollouts"] == "outside" ? .outside : .inside
  }

  /// The question as the page shows it back (`user` null unless one is named; `rollouts` says
  /// where the audience stands: `user`, `inside` or `outside`).
  var json: JSONValue {
    .object([
      "platform": .string(platform), "version": .string(version.text),
      "now": .string(now.rfc3339), "accountCreatedAt": .optional(accountCreatedAt?.rfc3339),
      "seen": .array(seen.sorted().map(JSONValue.string)),
      "languages": .array(languages.map(JSONValue.string)),
      "user": .optional(audience.stableID), "rollouts": .string(rolloutsName),
      "drafts": .bool(includeDrafts),
    ])
  }

  /// Where the audience stands in every rollout, as the page names it.
  var rolloutsName: String {
    switch audience {
    case .user: "user"
    case .inside: "inside"
    case .outside: "outside"
    }
  }
}
