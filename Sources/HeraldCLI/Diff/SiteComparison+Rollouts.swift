import HeraldCore

extension SiteComparison {
  /// The rollouts that start, widen, narrow, change or end, walls first: who a record reaches
  /// changes without its range changing.
  static func rolloutRisks(
    head: [Announcement], counterpart: [String: Announcement], site: Site, now: Timestamp
  ) -> [Risk] {
    var walls: [Risk] = []
    var others: [Risk] = []
    for announcement in head {
      let after = announcement.rollout?.resolved(
        id: announcement.id, publishAt: announcement.publishAt)
      let old = counterpart[announcement.id]
      let before = old.flatMap { old in
        old.rollout?.resolved(id: old.id, publishAt: old.publishAt)
      }
      guard after != before, let risk = rolloutRisk(id: announcement.id, before, after, now: now)
      else { continue }
      let walled = walledReleases(announcement, in: site, now: now)
      guard !walled.isEmpty else {
        others.append(risk)
        continue
      }
      walls.append(
        Risk(
          code: risk.code, id: risk.id,
          detail: "a wall on \(describe(walled)) for " + risk.detail))
    }
    return walls + others
  }

  /// One record's rollout change; nil when neither side has one.
  private static func rolloutRisk(id: String, _ before: Rollout?, _ after: Rollout?, now: Timestamp)
    -> Risk?
  {
    switch (before, after) {
    case (nil, let after?):
      return Risk(
        code: "rollout-started", id: id,
        detail: summary(after, now: now) + " (everyone in its range before)")
    case (let before?, nil):
      return Risk(
        code: "rollout-removed", id: id,
        detail: "every user in its range at once (was \(summary(before, now: now)))")
    case (let before?, let after?):
      // Compared at now and at every step of either: more at each time widens, less narrows.
      let times = [now] + (before.steps + after.steps).map(\.at).filter { $0 > now }
      let wider = times.allSatisfy { after.share(at: $0) >= before.share(at: $0) }
      let narrower = times.allSatisfy { after.share(at: $0) <= before.share(at: $0) }
      let code =
        before.salt != after.salt
        ? "rollout-changed"
        : wider && !narrower
          ? "rollout-widened"
          : narrower && !wider
            ? "rollout-narrowed"
            : "rollout-changed"
      let salted =
        before.salt != after.salt
        ? "; its salt changed, so every user's bucket is drawn again" : ""
      return Risk(
        code: code, id: id,
        detail: summary(after, now: now) + " (was \(summary(before, now: now)))" + salted)
    case (nil, nil):
      return nil
    }
  }

  /// `10% of users now, 100% from 2026-12-08`: the share at a time and every later step.
  static func summary(_ rollout: Rollout, now: Timestamp) -> String {
    var parts = ["\(RolloutShare.text(rollout.share(at: now))) of users now"]
    for step in rollout.steps where step.at > now {
      parts.append("\(RolloutShare.text(step.share)) from \(day(step.at))")
    }
    return parts.joined(separator: ", ")
  }

  /// A step's time as a reviewer reads it: the day when it is midnight UTC, else the instant.
  private static func day(_ time: Timestamp) -> String {
    let text = time.rfc3339
    return text.hasSuffix("T00:00:00Z") ? String(text.prefix(10)) : text
  }
}
