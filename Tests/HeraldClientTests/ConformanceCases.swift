import Foundation
import HeraldClient
import HeraldContent
import HeraldCore
import HeraldProtocol
import HeraldRender
import HeraldTestSupport

/// The language-neutral client conformance cases (`conformance/client/`), generated from the
/// fixture site `Tests/Fixtures/conformance/channel` by `RECORD_GOLDEN=1 swift test --filter
/// ClientConformance`, and checked in.
///
/// A case's expected state is not the client's own answer: it is the decision of DESIGN §5 made
/// from the manifest the build selects for that exact platform and version from the site (for a
/// version without one too), with the fail-open rule applied by hand for faults. The clients must
/// reach it through index.json, the release's manifest or live.json, conditional requests and the
/// cache.
enum ConformanceCases {
  static let folder = Fixtures.packageRoot.appending(path: "conformance/client")
  static let site = Fixtures.root.appending(path: "conformance/channel")
  static let nows = [("n0", "2026-11-30T12:00:00Z"), ("n1", "2026-12-20T12:00:00Z")]

  /// One query: who asks, when, with what seen, and what goes wrong.
  struct Spec {
    var name: String
    var description: String
    var platform = "ios"
    var version: String
    var now = "n0"
    var seen: [String] = []
    /// When some of the seen ids were marked (the others have no time: seen for good).
    var seenAt: [String: String] = [:]
    var accountCreatedAt: String?
    /// The id a rollout's buckets are taken from (none: the adapters' user, "conformance").
    var stableID: String?
    /// The user's languages, most preferred first (none: the channel's default locale).
    var languages: [String] = []
    /// Faults by document path: `{"status": 500}`, `{"timeout": true}`, `{"network": true}`,
    /// `{"body": "…"}` or `{"bodyBase64": "…"}` (served with status 200).
    var faults: [String: JSONValue] = [:]
    /// Documents a previous launch cached, by path.
    var cached: [String] = []
    /// A hostile channel: a document served in place of the one built (a fault with its body),
    /// made from the channel's documents by path.
    var replacing: (path: String, with: @Sendable ([String: JSONValue]) -> JSONValue)?
    /// The app's clock, when it is not the channel's time (a signed case's skewed clock).
    var clock: String?
    /// A signed case: the channel file, the keys the app pins, and where reading fails.
    var signed: SignedSpec?
    /// A case of the channel with content-addressed documents (`objects-n0`): whether the app
    /// reads the manifest's object (the index names one it can use), not its canonical URL.
    var readsObject: Bool?
  }

  /// What a signed case pins and how its read ends (DESIGN §9).
  struct SignedSpec {
    /// The channel file (`signed-n0`).
    var channel = "signed-n0"
    /// The pinning: channel id, keys, wall keys, the highest generation accepted before; nil for
    /// an app that pins nothing.
    var pinning: JSONValue?
    /// Where the read fails and why, or nil when it holds.
    var failure: (stage: Stage, reason: StatementFailure)?

    /// Where a signed read fails.
    enum Stage {
      /// The statement: nothing is read after it.
      case statement
      /// The manifest: the index was read.
      case manifest
      /// The rows: read and verified, but they hold a wall no wall key signed for.
      case rows
    }
  }

  /// Every case, named and described.
  static func specs() -> [Spec] {
    var specs: [Spec] = []
    let ios: [(String, String)] = [
      ("1.0", "a listed release, spelled as herald.yaml lists it"),
      ("1.0.0", "a listed release spelled differently (1.0 = 1.0.0): its manifest"),
      ("0.9", "an unlisted version below every release: live.json, walled"),
      ("1.0.5", "an unlisted hotfix inside the wall's range: live.json, walled as 1.0 is"),
      ("1.0.0-alpha", "a pre-release of a walled release sorts below it: walled"),
      ("1.1.0", "a listed release above the wall"), ("1.1", "1.1 is the release 1.1.0"),
      ("1.5", "an unlisted version between releases: live.json"),
      ("2.0.0-beta.1", "a listed pre-release"),
      ("2.0.0-rc.1", "an unlisted pre-release between beta.1 and 2.0.0: live.json"),
      ("2.0.0", "the current release"), ("2.0.0+build.7", "build metadata is ignored: 2.0.0"),
      ("3.0", "an unlisted version above the current release: live.json"),
      ("1.0.9", "an unlisted version at the wall's inclusive maxVersion: walled"),
      ("1.0.9.1", "a hotfix above the wall's maxVersion 1.0.9 escapes it (check warns: wall-gap)"),
      ("1.9.9.9", "a four-segment build below belowVersion 2.0.0: the dialog reaches it"),
    ]
    let android: [(String, String)] = [
      ("0.9", "android below every release: its own wall, via live.json"),
      ("0.9.9.1", "an android hotfix below belowVersion 1.0.0: walled"),
      ("0.99", "0.99 is below 1.0.0 (segments compare as numbers): walled"),
      ("1.0.0", "android's listed 1.0.0: the ios wall does not reach it (store per platform)"),
      ("1.5", "android between releases"), ("2.0.0", "android's current release"),
    ]
    for (now, when) in [("n0", "now"), ("n1", "three weeks later (scheduled live, expiring gone)")]
    {
      for (version, about) in ios {
        specs.append(
          Spec(
            name: "ios-\(version)-\(now)", description: "\(about), \(when)", version: version,
            now: now))
      }
      for (version, about) in android {
        specs.append(
          Spec(
            name: "android-\(version)-\(now)", description: "\(about), \(when)",
            platform: "android",
            version: version, now: now))
      }
    }
    specs +=
      seenAndAccountSpecs() + faultSpecs() + localeSpecs() + malformedSpecs()
      + hostileSpecs() + rolloutSpecs() + reminderSpecs() + signedSpecs()
      + objectSpecs()
    return specs
  }

  /// Release notes that catch up (docs/records.md): each release's notes reach it and every later
  /// version, so a user who jumps from 1.0 to 2.0 gets 2.0's and then 1.1's; a new account
  /// neither.
  private static func catchUpSpecs() -> [Spec] {
    [
      Spec(
        name: "catch-up-jump", description: "from 1.0 to 2.0.0: both releases' notes in the badge",
        version: "2.0.0", accountCreatedAt: "2026-01-01T00:00:00Z"),
      Spec(
        name: "catch-up-after-2-0-notes",
        description: "2.0's notes and the rest seen: 1.1's notes come next, as a strip",
        version: "2.0.0", seen: ["takeover-all", "dialog-2", "dialog-old", "expiring"],
        accountCreatedAt: "2026-01-01T00:00:00Z"),
      Spec(
        name: "catch-up-new-account",
        description: "an account created after both notes: neither interrupts nor counts",
        version: "2.0.0", seen: ["takeover-all"], accountCreatedAt: "2026-11-29T00:00:00Z"),
    ]
  }

  private static func localeSpecs() -> [Spec] {
    [
      Spec(
        name: "locale-de-wall", description: "de-DE reaches de: the wall in German",
        version: "1.0", languages: ["de-DE", "en"]),
      Spec(
        name: "locale-fr-CA-wall",
        description: "fr-CA reads fr-CA's channel: the wall's words fall back to fr",
        version: "1.0", languages: ["fr-CA"]),
      Spec(
        name: "locale-fr-CA-takeover", description: "fr-CA's own label on the takeover",
        version: "2.0.0", languages: ["fr-CA"]),
      Spec(
        name: "locale-de-unlisted", description: "an unlisted hotfix is walled in German too",
        version: "1.0.5", languages: ["de"]),
      Spec(
        name: "locale-none-reached", description: "languages the channel lacks: its default",
        version: "1.0", languages: ["it", "ja"]),
      Spec(
        name: "locale-second-choice", description: "the first preference reached wins",
        version: "2.0.0", languages: ["it", "de"]),
      Spec(
        name: "locale-default-preferred", description: "the default locale reads the root",
        version: "1.0", languages: ["en-GB", "de"]),
      Spec(
        name: "locale-index-fails",
        description: "de's index fails with nothing cached: the default's channel, still walled",
        version: "1.0", languages: ["de"],
        faults: ["api/v1/de/index.json": .object(["status": .integer(503)])]),
      Spec(
        name: "locale-manifest-cached",
        description: "de's manifest fails with a copy cached: archive and badge in German",
        version: "2.0.0", languages: ["de"],
        faults: ["api/v1/de/ios/2.0.0.json": .object(["network": .bool(true)])],
        cached: ["api/v1/de/ios/2.0.0.json"]),
    ]
  }

  private static func seenAndAccountSpecs() -> [Spec] {
    catchUpSpecs() + [
      Spec(
        name: "seen-wall-still-walls", description: "a wall ignores the seen list", version: "1.0",
        seen: ["wall-1-0"]),
      Spec(
        name: "seen-takeover", description: "a seen takeover gives way to the next severity",
        version: "2.0.0", seen: ["takeover-all"]),
      Spec(
        name: "seen-takeover-and-dialog", description: "then the strip, or nothing",
        version: "2.0.0", seen: ["takeover-all", "dialog-2"]),
      Spec(
        name: "seen-everything-ios-1.1", description: "all seen: nothing interrupts, badge 0",
        version: "1.1.0", seen: ["takeover-all", "dialog-old", "strip-1-1", "expiring"]),
      Spec(
        name: "seen-down-to-the-strip",
        description: "every takeover and dialog seen: the strip shows", version: "1.5",
        seen: ["takeover-all", "dialog-below-2", "dialog-old", "dialog-2"]),
      Spec(
        name: "seen-unknown-ids", description: "ids that are not rows change nothing",
        version: "2.0.0", seen: ["no-such-id", "expired"]),
      Spec(
        name: "seen-on-unlisted", description: "seen state applies on the live.json path too",
        version: "1.5", seen: ["takeover-all"]),
      Spec(
        name: "account-new", description: "a new account is not walked through the backlog",
        version: "2.0.0", accountCreatedAt: "2026-11-26T12:00:00Z"),
      Spec(
        name: "account-new-wall", description: "a wall ignores account age",
        version: "1.0", accountCreatedAt: "2026-11-29T00:00:00Z"),
      Spec(
        name: "account-old", description: "an old account sees the backlog",
        version: "1.1.0", accountCreatedAt: "2025-01-01T00:00:00Z"),
      Spec(
        name: "account-boundary",
        description: "published exactly when the account was made: not gated",
        version: "2.0.0", accountCreatedAt: "2026-11-26T00:00:00Z"),
      Spec(
        name: "account-new-and-seen", description: "age gate and seen list together",
        version: "1.1.0", seen: ["takeover-all"], accountCreatedAt: "2026-11-27T00:00:00Z"),
    ]
  }

  private static func faultSpecs() -> [Spec] {
    var specs: [Spec] = []
    let faults: [(String, JSONValue)] = [
      ("status-500", .object(["status": .integer(500)])),
      ("status-404", .object(["status": .integer(404)])),
      ("timeout", .object(["timeout": .bool(true)])),
      ("network", .object(["network": .bool(true)])),
      ("truncated", .object(["body": .string("{\"schemaVersion\": 1, \"scope\": \"rel")])),
      ("not-json", .object(["body": .string("<html>maintenance</html>")])),
      (
        "unknown-schema",
        .object(["body": .string("{\"schemaVersion\": 2, \"announcements\": []}")])
      ),
      // Over a real network (conformance/run-cases): a body promised whole and cut off half-way,
      // and the document padded past the body limit.
      ("cut", .object(["cut": .bool(true)])),
      ("oversized", .object(["oversized": .bool(true)])),
      // How the bytes are read (conformance/transport.json): a label other than gzip or
      // identity fails before the body is read (a plain body labelled br once stalled one reader
      // and was read by another); a Content-Length longer than the body is a body cut short, and
      // bytes past a Content-Length are never read.
      ("encoding-br", .object(["contentEncoding": .string("br")])),
      ("encoding-unknown", .object(["contentEncoding": .string("x-unknown")])),
      ("encoding-gzip-capitals", .object(["contentEncoding": .string("GZIP")])),
      ("encoding-identity", .object(["contentEncoding": .string("identity")])),
      ("length-past-the-body", .object(["contentLengthDelta": .integer(64)])),
      ("bytes-past-the-length", .object(["trailing": .string("{\"schemaVersion\": 2}")])),
    ]
    for (name, fault) in faults {
      for (version, manifest) in [
        ("1.0", "api/v1/ios/1.0.0.json"), ("1.5", "api/v1/ios/live.json"),
      ] {
        specs.append(
          Spec(
            name: "fault-\(name)-\(version)-cold",
            description: "\(name) on the manifest, nothing cached: nothing",
            version: version, faults: [manifest: fault]))
        specs.append(
          Spec(
            name: "fault-\(name)-\(version)-cached",
            description:
              "\(name) on the manifest with an earlier copy cached: archive and badge only",
            version: version, faults: [manifest: fault], cached: ["api/v1/index.json", manifest]))
      }
    }
    specs.append(
      Spec(
        name: "fault-index-cold", description: "index.json fails with nothing cached: nothing",
        version: "2.0.0", faults: ["api/v1/index.json": .object(["status": .integer(503)])]))
    specs.append(
      Spec(
        name: "fault-index-cached",
        description: "index.json fails; the cached index still finds a fresh manifest",
        version: "1.0", faults: ["api/v1/index.json": .object(["status": .integer(503)])],
        cached: ["api/v1/index.json"]))
    return specs
  }

  /// Every body of `conformance/malformed.json` served as a manifest, with nothing cached and
  /// with a copy cached; three also as the channel index: each is a failure, so the app fails open.
  private static func malformedSpecs() -> [Spec] {
    var specs: [Spec] = []
    let manifest = "api/v1/ios/1.0.0.json"
    for body in MalformedTable.shared.refused {
      let fault = JSONValue.object(["bodyBase64": .string(body.base64)])
      specs.append(
        Spec(
          name: "malformed-\(body.name)-cold",
          description: "the manifest is \(body.name) (\(body.why)), nothing cached: nothing",
          version: "1.0", faults: [manifest: fault]))
      specs.append(
        Spec(
          name: "malformed-\(body.name)-cached",
          description: "the manifest is \(body.name), a copy cached: archive and badge only",
          version: "1.0", faults: [manifest: fault], cached: ["api/v1/index.json", manifest]))
    }
    for body in MalformedTable.shared.refused
    where ["duplicate-schema-version", "invalid-utf8", "utf16-le-bom"].contains(body.name) {
      specs.append(
        Spec(
          name: "malformed-index-\(body.name)",
          description: "the channel index is \(body.name), nothing cached: nothing",
          version: "1.0",
          faults: ["api/v1/index.json": .object(["bodyBase64": .string(body.base64)])]))
    }
    return specs
  }

  /// Channels a build never writes but a hand-edited or hostile server can serve: a wall whose
  /// action no app opens (no exit, so no wall), another platform's manifest (its store links), and
  /// platform keys that are names of JavaScript's own properties.
  private static func hostileSpecs() -> [Spec] {
    let manifest = "api/v1/ios/1.0.0.json"
    var specs: [Spec] = []
    let actions = [
      ("javascript", "javascript:alert(1)"), ("http", "http://evil.test/"),
      ("protocol-relative", "//evil.test/x"), ("space", "%20"), ("empty", ""),
      ("intent", "intent://scan/#Intent;scheme=zxing;end"),
      ("itms-services", "itms-services://?action=download-manifest&url=https://evil.test/m"),
    ]
    for (name, action) in actions {
      specs.append(
        Spec(
          name: "hostile-wall-action-\(name)",
          description: "the wall's action is \(action.debugDescription): no exit, so no wall",
          version: "1.0",
          replacing: (
            manifest,
            { documents in
              rewritingRows(of: documents[manifest] ?? .null) { row in
                guard case .object(var fields) = row, fields["blocking"] == .bool(true) else {
                  return row
                }
                fields["actionUrl"] = .string(action)
                return .object(fields)
              }
            }
          )))
    }
    // A blocking row that is no valid wall (only a hand-edited channel has one) is ignored the
    // same way everywhere: no wall, no interruption, no badge; it stays in the archive.
    let blockingRows: [(String, String, @Sendable (inout [String: JSONValue]) -> Void)] = [
      ("important", "a blocking row that is IMPORTANT", { $0["severity"] = .string("IMPORTANT") }),
      ("info", "a blocking row that is INFO", { $0["severity"] = .string("INFO") }),
      ("no-action", "a blocking CRITICAL row without an action", { $0["actionUrl"] = .null }),
    ]
    for (name, what, change) in blockingRows {
      specs.append(
        Spec(
          name: "hostile-blocking-\(name)",
          description: "\(what): no wall, no interruption, not in the badge, still in the archive",
          version: "1.0",
          replacing: (
            manifest,
            { documents in
              rewritingRows(of: documents[manifest] ?? .null) { row in
                guard case .object(var fields) = row, fields["blocking"] == .bool(true) else {
                  return row
                }
                change(&fields)
                return .object(fields)
              }
            }
          )))
    }
    // A row whose rollout or reminder no client can read alike is left out in every client:
    // shown to everyone instead, a 1% rollout would reach all.
    let unreadable: [(String, String, String, JSONValue)] = [
      (
        "rollout-share-over", "a rollout share of 20000 (over 10000)", "rollout",
        .object([
          "salt": .string("takeover-all"),
          "steps": .array([
            .object(["at": .string("2026-11-01T00:00:00Z"), "share": .integer(20000)])
          ]),
        ])
      ),
      (
        "rollout-no-steps", "a rollout with no steps", "rollout",
        .object(["salt": .string("takeover-all"), "steps": .array([])])
      ),
      ("remind-negative", "a negative remindAfter", "remindAfter", .integer(-60)),
    ]
    // A reminder outside ClientLimits' hour to 3650 days: the row is left out everywhere, also
    // for a user who dismissed it (9223372036854775807 once crashed the Swift reader there, and
    // Kotlin alone dropped 9000000000000001).
    let reminders: [(String, String, Int)] = [
      ("zero", "a remindAfter of 0 (back the instant it is closed)", 0),
      ("under-an-hour", "a remindAfter of 3599 seconds, under the hour", 3599),
      ("over-3650-days", "a remindAfter of 315360001 seconds, over 3650 days", 315_360_001),
      ("9e15", "a remindAfter of 9000000000000001 seconds", 9_000_000_000_000_001),
      ("int64-max", "a remindAfter of 9223372036854775807 seconds", Int.max),
    ]
    for (name, what, seconds) in reminders {
      specs.append(
        Spec(
          name: "hostile-remind-\(name)",
          description: "the dismissed takeover's row has \(what): that row is left out",
          version: "1.1.0", seen: ["takeover-all"],
          seenAt: ["takeover-all": "2026-11-29T12:00:00Z"],
          replacing: (
            "api/v1/ios/1.1.0.json", Self.remindingTakeover(after: .integer(seconds))
          )))
    }
    // Issue 46, item 14: with remindAfter 0 and a mark of no time (an earlier version's list),
    // two readers made the row unseen at once and two kept it seen.
    specs.append(
      Spec(
        name: "hostile-remind-zero-untimed",
        description: "the takeover's row has a remindAfter of 0 and the user's mark has no time:"
          + " that row is left out",
        version: "1.1.0", seen: ["takeover-all"],
        replacing: ("api/v1/ios/1.1.0.json", Self.remindingTakeover(after: .integer(0)))))
    for (name, what, key, value) in unreadable {
      specs.append(
        Spec(
          name: "hostile-\(name)",
          description: "the takeover's row has \(what): that row is left out, the rest decide",
          version: "1.1.0",
          replacing: (
            "api/v1/ios/1.1.0.json",
            { documents in
              rewritingRows(of: documents["api/v1/ios/1.1.0.json"] ?? .null) { row in
                guard case .object(var fields) = row, fields["id"] == .string("takeover-all")
                else { return row }
                fields[key] = value
                return .object(fields)
              }
            }
          )))
    }
    for cached in [false, true] {
      specs.append(
        Spec(
          name: "hostile-other-platform-\(cached ? "cached" : "cold")",
          description: "android's manifest served for ios 1.0: a failure (its store links)",
          version: "1.0", cached: cached ? ["api/v1/index.json", manifest] : [],
          replacing: (manifest, { $0["api/v1/android/1.0.0.json"] ?? .null })))
    }
    for platform in ["constructor", "__proto__", "toString"] {
      specs.append(
        Spec(
          name: "hostile-platform-\(platform.filter(\.isLetter))",
          description: "an app whose platform key is \(platform): the channel has none",
          platform: platform, version: "1.0"))
    }
    return specs
  }

  /// Users inside and outside two rolled-out rows for ios 3.1 (live.json), before and after they
  /// widen.
  ///
  /// `rollout-dialog` is at 5% from 20 November, 50% from 5 December and 100% from 15 December;
  /// `rollout-strip`, salted `winter-test`, at 0% until 10 December and 25% from then. The users
  /// are picked by their buckets (conformance/buckets.py), on 30 November and 20 December.
  private static func rolloutSpecs() -> [Spec] {
    let users = [
      ("user-11", "inside the first 5% (bucket 69): the dialog now, and still once it grows"),
      ("user-0", "outside 5% (bucket 3408): nowhere now, the dialog once everyone is reached"),
      (
        "user-54",
        "outside the dialog's 5% and 50% (bucket 9225) until everyone is reached, inside the"
          + " strip's 25% (bucket 229 of its own salt) from 10 December"
      ),
      ("user-39", "inside both (buckets 41 and 567): the dialog, and the strip in the badge later"),
    ]
    return users.flatMap { user, about in
      [("n0", "30 November"), ("n1", "20 December")].map { now, day in
        Spec(
          name: "rollout-\(user)-\(now)", description: "\(user) \(about); on \(day)",
          version: "3.1", now: now, stableID: user)
      }
    }
  }

  /// `dialog-old` reminds a week after it is dismissed; the others never do.
  private static func reminderSpecs() -> [Spec] {
    let seen = ["takeover-all", "dialog-below-2", "dialog-old", "dialog-2"]
    return [
      Spec(
        name: "remind-due",
        description: "dialog-old dismissed ten days ago, a week's reminder: unseen again, shown",
        version: "1.5", seen: seen, seenAt: ["dialog-old": "2026-11-20T12:00:00Z"]),
      Spec(
        name: "remind-not-yet",
        description: "dialog-old dismissed two days ago: still seen, the strip shows",
        version: "1.5", seen: seen, seenAt: ["dialog-old": "2026-11-28T12:00:00Z"]),
      Spec(
        name: "remind-exactly",
        description: "dismissed exactly a week ago: due at that instant",
        version: "1.5", seen: seen, seenAt: ["dialog-old": "2026-11-23T12:00:00Z"]),
      Spec(
        name: "remind-minimum-due",
        description: "the takeover reminds after an hour, the least there is; closed two hours"
          + " ago: shown again",
        version: "1.1.0", seen: ["takeover-all"], seenAt: ["takeover-all": "2026-11-30T10:00:00Z"],
        replacing: ("api/v1/ios/1.1.0.json", remindingTakeover(after: .integer(3600)))),
      Spec(
        name: "remind-minimum-not-yet",
        description: "the takeover reminds after an hour; closed half an hour ago: still seen",
        version: "1.1.0", seen: ["takeover-all"], seenAt: ["takeover-all": "2026-11-30T11:30:00Z"],
        replacing: ("api/v1/ios/1.1.0.json", remindingTakeover(after: .integer(3600)))),
      Spec(
        name: "remind-minimum-untimed",
        description: "the takeover reminds after an hour; a mark with no time (an earlier"
          + " version's list) counts from now: still seen in every reader",
        version: "1.1.0", seen: ["takeover-all"],
        replacing: ("api/v1/ios/1.1.0.json", remindingTakeover(after: .integer(3600)))),
      Spec(
        name: "remind-only-its-own",
        description: "a row without remindAfter dismissed long ago stays seen",
        version: "1.5", seen: seen,
        seenAt: ["takeover-all": "2026-01-01T00:00:00Z", "dialog-old": "2026-11-29T00:00:00Z"]),
    ]
  }

  /// ios 1.1.0's manifest whose takeover row reminds after the given `remindAfter`.
  private static func remindingTakeover(after value: JSONValue)
    -> @Sendable ([String: JSONValue]) -> JSONValue
  {
    { documents in
      rewritingRows(of: documents["api/v1/ios/1.1.0.json"] ?? .null) { row in
        guard case .object(var fields) = row, fields["id"] == .string("takeover-all") else {
          return row
        }
        fields["remindAfter"] = value
        return .object(fields)
      }
    }
  }

  /// A manifest with each of its rows changed.
  static func rewritingRows(of document: JSONValue, _ change: (JSONValue) -> JSONValue)
    -> JSONValue
  {
    guard case .object(var fields) = document, case .array(let rows)? = fields["announcements"]
    else { return document }
    fields["announcements"] = .array(rows.map(change))
    return .object(fields)
  }
}
