import Foundation
import HeraldCore
import HeraldRender

/// What a change to a site does to users: the records added, removed, renamed and edited, the
/// risky changes first, and per platform and configured release the interruption a new user gets
/// before and after.
struct SiteComparison {
  /// One field that differs between the base and the head.
  struct FieldChange {
    /// The field's name.
    let field: String
    /// The value before, as written (empty when absent).
    let before: String
    /// The value after.
    let after: String
  }

  /// A record whose fields changed.
  struct Edit {
    /// The record.
    let announcement: Announcement
    /// The fields that changed, in DESIGN §2's order.
    let changes: [FieldChange]
  }

  /// A change that can lock users out, interrupt them harder, or show them a message again.
  struct Risk {
    /// `new-wall`, `wider-wall`, `wall-words-changed`, `rollout-started`, `rollout-widened`,
    /// `rollout-narrowed`, `rollout-removed`, `rollout-changed`, `severity-raised`,
    /// `switched-off`, `switched-on`, `id-changed`, `removed`.
    let code: String
    /// The record's id (the new id for a rename).
    let id: String
    /// What it does to users.
    let detail: String
  }

  /// A release whose first interruption differs.
  struct ReleaseChange {
    /// The platform key.
    let platform: String
    /// The release.
    let version: Version
    /// What a new user saw before (nil: nothing; `hadManifest` false: no manifest at all).
    let before: Interruption?
    /// What a new user sees after.
    let after: Interruption?
    /// Whether the release had a manifest before (it may be newly configured).
    let hadManifest: Bool
    /// Whether the release has a manifest after.
    let hasManifest: Bool
  }

  /// Records only the head has.
  let added: [Announcement]
  /// Records only the base has.
  let removed: [Announcement]
  /// Records whose id changed (same file, or same title).
  let renamed: [(from: Announcement, to: Announcement)]
  /// Records with the same id whose fields changed.
  let edited: [Edit]
  /// The risky changes, walls first.
  let risks: [Risk]
  /// The releases whose first interruption for a new user differs.
  let releases: [ReleaseChange]
  /// The time the comparison was made at.
  let now: Timestamp
  /// Whether the base has no site at all: the change starts the channel.
  var isNewChannel = false

  /// Whether anything changed for users.
  var hasChanges: Bool {
    !(added.isEmpty && removed.isEmpty && renamed.isEmpty && edited.isEmpty && risks.isEmpty
      && releases.isEmpty)
  }

  /// Compares two sites at a time; with a locale, the records' words are that locale's (as an
  /// app whose user reads it gets them).
  init(base original: Site, head changed: Site, now: Timestamp, locale: String? = nil) {
    self.now = now
    let wallWords = Self.wallWordRisks(base: original, head: changed, now: now)
    let base = Self.edition(of: original, for: locale)
    let head = Self.edition(of: changed, for: locale)
    var baseByID: [String: Announcement] = [:]
    for announcement in base.announcements { baseByID[announcement.id] = announcement }
    var headByID: [String: Announcement] = [:]
    for announcement in head.announcements { headByID[announcement.id] = announcement }
    var added = head.announcements.filter { baseByID[$0.id] == nil }
    var removed = base.announcements.filter { headByID[$0.id] == nil }
    // An id that disappears while a new one appears in the same file, or with the same title, is
    // the same announcement renamed: everyone who saw it will see it again.
    var renamed: [(from: Announcement, to: Announcement)] = []
    for old in removed {
      guard
        let new = added.first(where: { $0.source.file == old.source.file })
          ?? added.first(where: { $0.title == old.title })
      else { continue }
      renamed.append((old, new))
      added.removeAll { $0.id == new.id }
    }
    removed.removeAll { old in renamed.contains { $0.from.id == old.id } }
    self.added = added
    self.removed = removed
    self.renamed = renamed

    var edited: [Edit] = []
    for announcement in head.announcements {
      guard let before = baseByID[announcement.id] else { continue }
      // Read from the same bytes under the same record terms (the cache's key says so): the same.
      if let key = before.sourceKey, key == announcement.sourceKey { continue }
      let changes = Self.changes(from: before, to: announcement)
      if !changes.isEmpty { edited.append(Edit(announcement: announcement, changes: changes)) }
    }
    self.edited = edited

    var risks: [Risk] = []
    var counterpart: [String: Announcement] = baseByID
    for pair in renamed { counterpart[pair.to.id] = pair.from }
    for announcement in head.announcements {
      let walled = Self.walledReleases(announcement, in: head, now: now)
      guard !walled.isEmpty else { continue }
      let before =
        counterpart[announcement.id].map { Self.walledReleases($0, in: base, now: now) } ?? []
      let newlyWalled = walled.filter { !before.contains($0) }
      guard !newlyWalled.isEmpty else { continue }
      risks.append(
        Risk(
          code: before.isEmpty ? "new-wall" : "wider-wall", id: announcement.id,
          detail: (before.isEmpty ? "now walls " : "now also walls ")
            + Self.describe(newlyWalled) + Self.unlisted(announcement.range)
            + ": users of these releases must update before they can use the app"
            + (announcement.rollout.map {
              " (rolled out: "
                + Self.summary(
                  $0.resolved(id: announcement.id, publishAt: announcement.publishAt), now: now)
                + ")"
            } ?? "")))
    }
    for announcement in head.announcements {
      guard let before = counterpart[announcement.id] else { continue }
      if announcement.severity > before.severity {
        risks.append(
          Risk(
            code: "severity-raised", id: announcement.id,
            detail: "\(before.severity.rawValue) → \(announcement.severity.rawValue): "
              + "\(Self.shape(before.severity)) becomes \(Self.shape(announcement.severity))"))
      }
      if announcement.active != before.active {
        risks.append(
          announcement.active
            ? Risk(code: "switched-on", id: announcement.id, detail: "back in every output")
            : Risk(code: "switched-off", id: announcement.id, detail: "removed from every output"))
      }
    }
    risks += Self.rolloutRisks(
      head: head.announcements, counterpart: counterpart, site: head, now: now)
    for pair in renamed {
      risks.append(
        Risk(
          code: "id-changed", id: pair.to.id,
          detail: "was \(pair.from.id): everyone who saw it will see it again"))
    }
    for announcement in removed {
      risks.append(
        Risk(code: "removed", id: announcement.id, detail: "dropped from every output"))
    }
    risks += wallWords
    // Rollout changes keep their own order (walls first) among themselves.
    let rollout = ["rollout-started", "rollout-widened", "rollout-narrowed", "rollout-removed"]
    let order = [
      "new-wall", "wider-wall", "wall-words-changed", "rollout-changed", "severity-raised",
      "switched-off", "switched-on", "id-changed", "removed",
    ]
    self.risks = risks.enumerated().sorted { left, right in
      func rank(_ code: String) -> Int {
        order.firstIndex(of: rollout.contains(code) ? "rollout-changed" : code) ?? 0
      }
      let (a, b) = (rank(left.element.code), rank(right.element.code))
      return a != b ? a < b : left.offset < right.offset
    }.map(\.element)
    releases = Self.releaseChanges(base: base, head: head, now: now)
  }

  /// A site in the words a reader of `locale` gets (itself without one).
  static func edition(of site: Site, for locale: String?) -> Site {
    guard let locale else { return site }
    return Edition.reached(by: [locale], in: site.config).site(site)
  }

  /// A wall whose action label changed in a locale other than the default: the words on its one
  /// way out, which a reviewer who does not read the language would not catch.
  static func wallWordRisks(base: Site, head: Site, now: Timestamp) -> [Risk] {
    var before: [String: Announcement] = [:]
    for announcement in base.announcements { before[announcement.id] = announcement }
    var risks: [Risk] = []
    for wall in head.announcements where !walledReleases(wall, in: head, now: now).isEmpty {
      guard let old = before[wall.id] else { continue }
      for locale in head.config.otherLocales {
        let new = wall.localized(to: locale, defaultLocale: head.config.language)
        let previous = old.localized(to: locale, defaultLocale: base.config.language)
        // A change of the default label shows as an edit; this is the translation's own change.
        guard new.actionLabel != previous.actionLabel,
          new.actionLabel != wall.actionLabel || previous.actionLabel != old.actionLabel
        else { continue }
        risks.append(
          Risk(
            code: "wall-words-changed", id: wall.id,
            detail: "the \(locale) label of the wall's action is now "
              + "\"\(new.actionLabel ?? new.kind.defaultActionLabel)\" (was \""
              + "\(previous.actionLabel ?? previous.kind.defaultActionLabel)\"): it is the only"
              + " way out for \(locale) readers; have someone who reads it check"))
      }
    }
    return risks
  }

  /// The configured releases a record walls at a time, as `platform version` pairs: the ones the
  /// delivery rule gives it to, the rule every output and client uses.
  static func walledReleases(_ announcement: Announcement, in site: Site, now: Timestamp)
    -> [String]
  {
    guard announcement.blocking else { return [] }
    return site.config.platforms.flatMap { platform in
      platform.sortedReleases.filter { release in
        ManifestExclusion.reason(
          for: announcement, platform: platform.key, version: release, now: now) == nil
      }.map { "\(platform.key) \($0)" }
    }
  }

  /// What a wall reaches besides the listed releases: with `belowVersion`, every hotfix below it.
  private static func unlisted(_ range: VersionRange) -> String {
    guard let below = range.below else { return "" }
    return " and every version below \(below), hotfixes included"
  }

  static func describe(_ releases: [String]) -> String {
    var byPlatform: [(String, [String])] = []
    for release in releases {
      let parts = release.split(separator: " ", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { continue }
      if let index = byPlatform.firstIndex(where: { $0.0 == parts[0] }) {
        byPlatform[index].1.append(parts[1])
      } else {
        byPlatform.append((parts[0], [parts[1]]))
      }
    }
    return byPlatform.map { "\($0.0) \($0.1.joined(separator: ", "))" }.joined(separator: "; ")
  }

  private static func shape(_ severity: Severity) -> String {
    switch severity {
    case .info: return "a strip"
    case .important: return "a dialog"
    case .critical: return "a full-screen takeover"
    }
  }

  /// The fields that differ, as the author would write them.
  static func changes(from before: Announcement, to after: Announcement) -> [FieldChange] {
    func text(_ announcement: Announcement) -> [(String, String)] {
      [
        ("title", announcement.title),
        ("severity", announcement.severity.rawValue),
        ("kind", announcement.kind.rawValue),
        (
          "body",
          (announcement.body.paragraphs + announcement.body.bullets.map { "- " + $0 })
            .joined(separator: "\n")
        ),
        ("minVersion", announcement.range.minimum?.text ?? ""),
        ("maxVersion", announcement.range.maximum?.text ?? ""),
        ("belowVersion", announcement.range.below?.text ?? ""),
        ("platforms", announcement.platforms?.joined(separator: ", ") ?? ""),
        ("actionUrl", announcement.action?.text ?? ""),
        ("actionLabel", announcement.actionLabel ?? ""),
        ("blocking", String(announcement.blocking)),
        ("active", String(announcement.active)),
        ("draft", String(announcement.draft)),
        ("publishAt", announcement.publishAt.rfc3339),
        ("expiresAt", announcement.expiresAt?.rfc3339 ?? ""),
        ("updatedAt", announcement.updatedAt?.rfc3339 ?? ""),
        (
          "rollout",
          announcement.rollout.map { plan in
            (plan.salt.map { "salt \($0): " } ?? "")
              + plan.steps.map {
                "\(RolloutShare.text($0.share)) after \(AnnouncementDecoder.durationText($0.after))"
              }.joined(separator: ", ")
          } ?? ""
        ),
        ("remindAfter", announcement.remindAfter.map(AnnouncementDecoder.durationText) ?? ""),
      ]
    }
    return zip(text(before), text(after)).compactMap { old, new in
      old.1 == new.1 ? nil : FieldChange(field: old.0, before: old.1, after: new.1)
    }
  }

  /// For every platform and configured release of either site, what a new user is shown now,
  /// decided from the manifests as the app decides; only the releases that differ.
  static func releaseChanges(base: Site, head: Site, now: Timestamp) -> [ReleaseChange] {
    let options = BuildOptions(now: now)
    // Each release's records in both sites (the two sites' selections made at once); a release
    // whose records are the same (read from the same bytes under the same terms, the cache's key
    // says) in sites of the same herald.yaml shows the same, and is not decided again (rows also
    // carry what herald.yaml says beyond the terms). The others are decided from their rows as an
    // app would, without writing and reading their JSON (40 releases of two sites of 10,000
    // records took seconds that way).
    let sides = [base, head].concurrentMap { site in
      let manifests = ChannelManifests(site: site, options: options, preparingRows: false)
      let records = Dictionary(
        site.config.platforms.map { ($0.key, manifests.releaseRecords(platform: $0.key)) }
      ) { first, _ in first }
      return (manifests: manifests, records: records)
    }
    let (baseManifests, headManifests) = (sides[0].manifests, sides[1].manifests)
    let records = (base: sides[0].records, head: sides[1].records)
    func same(_ left: [Announcement], _ right: [Announcement]) -> Bool {
      left.count == right.count
        && zip(left, right).allSatisfy { $0.sourceKey != nil && $0.sourceKey == $1.sourceKey }
    }
    let platforms = Set(base.config.platforms.map(\.key) + head.config.platforms.map(\.key))
      .sorted()
    // The releases to decide: those whose records differ, in platform and version order.
    var pending: [(platform: String, version: Version)] = []
    for platform in platforms {
      let releases =
        (base.config.platform(platform)?.releases ?? [])
        + (head.config.platform(platform)?.releases ?? [])
      var distinct: [Version] = []
      for release in releases.sorted() where distinct.last != release { distinct.append(release) }
      for version in distinct {
        if let old = records.base[platform]?[version], let new = records.head[platform]?[version],
          base.config == head.config, same(old, new)
        {
          continue
        }
        pending.append((platform, version))
      }
    }
    // A record's row is the same in every release of a platform: made once per site and
    // platform, not once per release (40 releases of 10,000 records took 40 ms that way), for
    // every record a release to decide holds, on every core.
    func rows(
      _ manifests: ChannelManifests, _ records: [String: [Version: [Announcement]]], _ site: Site
    ) -> [String: [String: ManifestRow]] {
      var byPlatform: [String: [String: ManifestRow]] = [:]
      for platform in platforms where site.config.platform(platform) != nil {
        var seen: Set<String> = []
        var list: [Announcement] = []
        for (_, version) in pending.filter({ $0.platform == platform }) {
          for announcement in records[platform]?[version] ?? []
          where seen.insert(announcement.id).inserted {
            list.append(announcement)
          }
        }
        let made = list.concurrentMap { manifests.rows([$0], platform: platform)?.first }
        var table: [String: ManifestRow] = [:]
        for (announcement, row) in zip(list, made) { table[announcement.id] = row }
        byPlatform[platform] = table
      }
      return byPlatform
    }
    let baseRows = rows(baseManifests, records.base, base)
    let headRows = rows(headManifests, records.head, head)
    @Sendable func shown(
      _ rows: [String: [String: ManifestRow]], _ records: [String: [Version: [Announcement]]],
      _ platform: String, _ version: Version
    ) -> (Bool, Interruption?) {
      guard let list = records[platform]?[version], let table = rows[platform] else {
        return (false, nil)
      }
      let rows = list.compactMap { table[$0.id] }
      return (true, DecisionRules.decide(.fresh(rows), now: now).shown)
    }
    // Each release is decided on its own, so they are decided on every core, in order.
    let changes = pending.concurrentMap { platform, version -> ReleaseChange? in
      let (hadManifest, before) = shown(baseRows, records.base, platform, version)
      let (hasManifest, after) = shown(headRows, records.head, platform, version)
      guard
        hadManifest != hasManifest || before?.shape != after?.shape
          || before?.row.id != after?.row.id
      else { return nil }
      return ReleaseChange(
        platform: platform, version: version, before: before, after: after,
        hadManifest: hadManifest, hasManifest: hasManifest)
    }.compactMap { $0 }
    return changes
  }
}
