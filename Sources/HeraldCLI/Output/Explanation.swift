import Foundation
import HeraldCore
import HeraldRender

/// The answer of `herald explain`: the manifest a platform and version fetch, the decision an app
/// makes from it (through the same decoder and rules an app links), and a reason per record.
struct Explanation {
  /// The platform asked about.
  let platform: String
  /// The version asked about.
  let version: Version
  /// The time.
  let now: Timestamp
  /// The ids taken as seen.
  let seen: Set<String>
  /// When the account was created, if given.
  let accountCreatedAt: Timestamp?
  /// Whether the version is a configured release (only those get a manifest on the CDN).
  let isConfiguredRelease: Bool
  /// What the app decides.
  let decision: ClientDecision
  /// Every record of the site, newest first, with what happens to it.
  let records: [(announcement: Announcement, outcome: Outcome)]

  /// What happens to one record.
  enum Outcome {
    /// It is in the manifest, and the decision says this.
    case inManifest(RowVerdict.Outcome)
    /// It is not in the manifest, for this reason.
    case excluded(ManifestExclusion)
    /// It is not in the manifest, though no rule leaves it out: a herald bug, said as such.
    case unexplained

    var code: String {
      switch self {
      case .inManifest(let verdict): return verdict.code
      case .excluded(let exclusion): return exclusion.code
      case .unexplained: return "unexplained"
      }
    }

    var explanation: String {
      switch self {
      case .inManifest(let verdict): return verdict.explanation
      case .excluded(let exclusion): return "not in the manifest: " + exclusion.explanation
      case .unexplained: return "not in the manifest, and no rule says why: please report this"
      }
    }
  }

  /// Works the answer out.
  init(
    site: Site, platform: String, version: Version, now: Timestamp, seen: Set<String>,
    accountCreatedAt: Timestamp?
  ) {
    self.platform = platform
    self.version = version
    self.now = now
    self.seen = seen
    self.accountCreatedAt = accountCreatedAt
    isConfiguredRelease = site.config.platform(platform)?.releases.contains(version) ?? false
    let document = ChannelManifests(site: site, options: BuildOptions(now: now))
      .release(platform: platform, version: version)
    let fetch = document.map { ManifestFetch.decode(Data($0.documentBytes)) } ?? .unreadable
    decision = DecisionRules.decide(
      fetch, now: now, seen: seen, accountCreatedAt: accountCreatedAt)
    var verdicts: [String: RowVerdict.Outcome] = [:]
    for verdict in decision.verdicts { verdicts[verdict.id] = verdict.outcome }
    records = site.announcements.map { announcement in
      if let verdict = verdicts[announcement.id] {
        return (announcement, .inManifest(verdict))
      }
      let exclusion = ManifestExclusion.reason(
        for: announcement, platform: platform, version: version, now: now)
      return (announcement, exclusion.map(Outcome.excluded) ?? .unexplained)
    }
  }

  /// The answer for a reader.
  var text: String {
    var lines: [String] = []
    let who = seen.isEmpty ? "nothing seen" : "seen: " + seen.sorted().joined(separator: ", ")
    let account = accountCreatedAt.map { ", account created \($0)" } ?? ""
    lines.append("\(platform) \(version) at \(now) (\(who)\(account))")
    if !isConfiguredRelease {
      lines.append(
        "note: \(version) is not a configured release of \(platform), so no manifest is published"
          + " for it and the app shows nothing; below is what it would get if it were configured.")
    }
    lines.append("")
    if let shown = decision.shown {
      lines.append("shows:   \(shown.shape) \(shown.row.id) \"\(shown.row.title.visibleControls)\"")
    } else {
      lines.append("shows:   nothing")
    }
    lines.append("badge:   \(decision.badge)")
    lines.append("archive: \(DiagnosticSummary.count(decision.archive.count, "announcement"))")
    lines.append("")
    let width = records.map(\.announcement.id.count).max() ?? 0
    for record in records {
      let id = record.announcement.id
      lines.append(
        "  \(id)" + String(repeating: " ", count: width - id.count + 2)
          + record.outcome.explanation)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The answer for scripts: a stable document with sorted keys.
  var json: JSONValue {
    func id(_ row: ManifestRow?) -> JSONValue { .optional(row?.id) }
    return .object([
      "platform": .string(platform),
      "version": .string(version.text),
      "now": .string(now.rfc3339),
      "seen": .array(seen.sorted().map(JSONValue.string)),
      "accountCreatedAt": .optional(accountCreatedAt?.rfc3339),
      "configuredRelease": .bool(isConfiguredRelease),
      "shown": decision.shown.map {
        .object(["shape": .string($0.shape), "id": .string($0.row.id)])
      } ?? .null,
      "wall": id(decision.wall), "takeover": id(decision.takeover),
      "dialog": id(decision.dialog), "strip": id(decision.strip),
      "badge": .integer(decision.badge),
      "archive": .array(decision.archive.map { .string($0.id) }),
      "announcements": .array(
        records.map { record in
          .object([
            "id": .string(record.announcement.id),
            "inManifest": .bool(
              {
                if case .inManifest = record.outcome { return true }
                return false
              }()),
            "outcome": .string(record.outcome.code),
            "reason": .string(record.outcome.explanation),
          ])
        }),
    ])
  }
}
