import Foundation
import HeraldClient
import HeraldCore
import HeraldRender

/// The answer of `herald explain`: what an app of a platform and version decides now, made by
/// `HeraldClient` itself, and a reason for every record (from the site) or row (from a channel).
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
  /// The locale asked for with `--locale`, if any.
  let requestedLocale: String?
  /// Where the channel came from: a site folder, or a deployed channel's URL.
  let origin: String
  /// The client's decision.
  let run: ClientRun
  /// Every record of the site (or every row of a deployed channel), newest first, with what
  /// happens to it.
  let records: [(id: String, outcome: Outcome)]
  /// Whom the rollouts are decided for: the user named (`--user`), else a user inside (or, with
  /// `--outside-rollouts`, outside) every rollout.
  let audience: RolloutAudience
  /// The user whose buckets decide the rollouts, or nil.
  var user: String? { audience.stableID }
  /// The rollouts of the records the app read, by record id (a deployed channel's rows that the
  /// user is outside of are not read back, so they are missing there).
  let rollouts: [(id: String, rollout: Rollout)]

  /// What happens to one record.
  enum Outcome {
    /// It is in what the app read, and the decision says this.
    case decided(RowVerdict.Outcome)
    /// It is not in what the app reads, for this reason (the build's rule).
    case excluded(ManifestExclusion)

    var code: String {
      switch self {
      case .decided(let verdict): return verdict.code
      case .excluded(let exclusion): return exclusion.code
      }
    }

    var explanation: String {
      switch self {
      case .decided(let verdict): return verdict.explanation
      case .excluded(let exclusion): return "not delivered: " + exclusion.explanation
      }
    }

    var isDelivered: Bool {
      if case .decided = self { return true }
      return false
    }
  }

  /// The answer for a site: every record gets the decision's verdict when the app received it,
  /// else the reason the build's rule (the same one) left it out.
  ///
  /// With `includeDrafts`, the channel is the one `herald serve` builds, drafts delivered. The
  /// user reads `locale` (`explain --locale`), or `languages` in order of preference as an app's
  /// user does (the app preview).
  init(
    site: Site, platform: String, version: Version, now: Timestamp, seen: Set<String>,
    accountCreatedAt: Timestamp?, origin: String, audience: RolloutAudience = .inside,
    locale: String? = nil, languages: [String]? = nil, includeDrafts: Bool = false,
    prepared: ClientRun.PreparedChannel? = nil, only: String? = nil
  ) throws(DocumentError) {
    self.platform = platform
    self.audience = audience
    self.version = version
    self.now = now
    self.seen = seen
    self.accountCreatedAt = accountCreatedAt
    self.origin = origin
    requestedLocale = locale ?? languages?.first
    run = try ClientRun.local(
      site: site, platform: platform, version: version, now: now, seen: seen,
      accountCreatedAt: accountCreatedAt, audience: audience,
      languages: languages ?? locale.map { [$0] } ?? [], includeDrafts: includeDrafts,
      prepared: prepared)
    var verdicts: [String: RowVerdict.Outcome] = [:]
    for verdict in run.decision.verdicts { verdicts[verdict.id] = verdict.outcome }
    let delivery =
      prepared?.delivery ?? ChannelDelivery(site: site, now: now, includeDrafts: includeDrafts)
    // `only`: the one record asked about (the composer's draft), not every record's reason.
    let asked = only.map { id in site.announcements.filter { $0.id == id } } ?? site.announcements
    records = asked.map { announcement in
      if let exclusion = delivery.exclusion(of: announcement, platform: platform, version: version)
      {
        return (announcement.id, .excluded(exclusion))
      }
      // Delivered by the rule, so the client read it: its verdict is there.
      return (announcement.id, .decided(verdicts[announcement.id] ?? .notFresh))
    }
    let delivered = Set(records.filter(\.outcome.isDelivered).map(\.id))
    rollouts = site.announcements.compactMap { announcement in
      guard delivered.contains(announcement.id), let plan = announcement.rollout else {
        return nil
      }
      return (
        announcement.id, plan.resolved(id: announcement.id, publishAt: announcement.publishAt)
      )
    }
  }

  /// The answer for a deployed channel: the rows the app read, each with its verdict.
  init(
    channel: URL, platform: String, version: Version, now: Timestamp, seen: Set<String>,
    accountCreatedAt: Timestamp?, audience: RolloutAudience = .inside, locale: String? = nil,
    channelKeys: HeraldChannelKeys? = nil
  ) {
    self.platform = platform
    self.audience = audience
    self.version = version
    self.now = now
    self.seen = seen
    self.accountCreatedAt = accountCreatedAt
    origin = channel.absoluteString
    requestedLocale = locale
    run = ClientRun.remote(
      channel: channel, platform: platform, version: version, now: now, seen: seen,
      accountCreatedAt: accountCreatedAt, audience: audience, languages: locale.map { [$0] } ?? [],
      channelKeys: channelKeys)
    records = run.decision.verdicts.map { ($0.id, .decided($0.outcome)) }
    rollouts = run.decision.archive.compactMap { row in row.rollout.map { (row.id, $0) } }
  }

  /// Which locale's words the app read, when one was asked for.
  var localeNote: String? {
    guard let requestedLocale, let locale = run.state.locale else { return nil }
    return requestedLocale == locale
      ? "locale: \(locale)"
      : "locale: \(locale) (what \(requestedLocale) reaches along the chain: itself, its"
        + " language, the channel's default)"
  }

  /// Which document the app read, in words.
  var readNote: String? {
    switch run.state.manifest {
    case .live?:
      return "note: \(version) is not a configured release of \(platform), so it has no manifest:"
        + " like the app, herald read \(platform)'s live.json and kept what the build's rule"
        + " delivers to \(version) (published, not expired, range holds)."
    case .release?, nil:
      return nil
    }
  }

  /// The fetch's outcome, when it failed: the app fails open.
  var failureNote: String? {
    switch run.state.freshness {
    case .fresh: return nil
    case .cached(let failure):
      return "fetch: \(failure); the app fails open: a cached copy gives the archive and the badge,"
        + " and nothing interrupts."
    case .unavailable(let failure):
      return "fetch: \(failure); the app fails open: nothing is shown."
    }
  }
}
