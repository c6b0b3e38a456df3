/// The decision an app makes from a manifest (DESIGN §5), as one pure function.
///
/// Only a manifest fetched or revalidated in this launch interrupts: a cached one (after a failed
/// fetch) gives the archive and the badge and nothing else, and no manifest gives nothing. A valid
/// wall (blocking, CRITICAL, with an action) ignores seen state and account age and hides
/// everything else. Otherwise the newest unseen, ungated CRITICAL, IMPORTANT or INFO row is shown,
/// in that order of priority; the badge counts the unseen, ungated rows; the archive lists every
/// row that is published and not expired at the app's time.
package enum DecisionRules {
  /// Decides what to show.
  ///
  /// - Parameters:
  ///   - source: the manifest's rows and whether they are fresh, or why there are none.
  ///   - now: the app's time.
  ///   - seen: the ids this user has seen on this device.
  ///   - accountCreatedAt: when the account was created, if the app knows.
  ///   - audience: the user by their stable id (the signed-in user's, else the install's): a
  ///     rolled-out row reaches them only when their bucket is inside its share; or a user inside
  ///     every share above 0% (as `explain` decides when no user is named), or outside every
  ///     share below 100%.
  package static func decide(
    _ source: ManifestSource, now: Timestamp, seen: Set<String> = [],
    accountCreatedAt: Timestamp? = nil, audience: RolloutAudience = .inside
  ) -> ClientDecision {
    let decision = decideFresh(
      source.rows, now: now, seen: seen, accountCreatedAt: accountCreatedAt, audience: audience)
    switch source {
    case .fresh: return decision
    case .cached(_, let failure): return decision.failingOpen(failure)
    case .unavailable(let failure): return ClientDecision.nothing.failingOpen(failure)
    }
  }

  private static func decideFresh(
    _ received: [ManifestRow], now: Timestamp, seen: Set<String>, accountCreatedAt: Timestamp?,
    audience: RolloutAudience
  ) -> ClientDecision {
    let sorted = received.sorted(by: ManifestRow.newestFirst)
    // A row the rollout does not deliver to this user is nowhere for them: no badge, no archive.
    var rows: [ManifestRow] = []
    var outside: [ManifestRow] = []
    for row in sorted {
      if reaches(row, audience, at: now) { rows.append(row) } else { outside.append(row) }
    }
    var verdicts: [String: RowVerdict.Outcome] = [:]
    var eligible: [ManifestRow] = []
    var walls: [ManifestRow] = []
    for row in rows {
      if !row.isPublished(at: now) {
        verdicts[row.id] = .scheduled
      } else if row.isExpired(at: now) {
        verdicts[row.id] = .expired
      } else if row.blocking {
        if row.severity != .critical {
          verdicts[row.id] = .invalidWall(
            "it is \(row.severity.rawValue), and only CRITICAL may block")
        } else if let reason = Self.exitProblem(row.actionURL) {
          verdicts[row.id] = .invalidWall(reason)
        } else {
          walls.append(row)
        }
      } else if seen.contains(row.id) {
        verdicts[row.id] = .seen
      } else if let created = accountCreatedAt, row.publishedAt < created {
        verdicts[row.id] = .gatedByAccountAge
      } else {
        eligible.append(row)
      }
    }
    let badge = eligible.count + walls.count { !seen.contains($0.id) }
    let wall = walls.first
    let takeover = eligible.first { $0.severity == .critical }
    let dialog = eligible.first { $0.severity == .important }
    let strip = eligible.first { $0.severity == .info }
    let shown: Interruption? =
      wall.map(Interruption.wall) ?? takeover.map(Interruption.takeover)
      ?? dialog.map(Interruption.dialog) ?? strip.map(Interruption.strip)
    // Every row that is neither held back nor shown says what it lost to.
    func outcome(of row: ManifestRow) -> RowVerdict.Outcome {
      if let early = verdicts[row.id] { return early }
      if let shown, shown.row.id == row.id { return .shown(shown.shape) }
      if let wall { return row.blocking ? .superseded(by: wall.id) : .behindWall(wall.id) }
      let choice = [takeover, dialog, strip].compactMap { $0 }.first { $0.severity == row.severity }
      if let choice, choice.id != row.id { return .superseded(by: choice.id) }
      return .outranked(by: shown?.row.id ?? row.id)
    }
    return ClientDecision(
      shown: shown, wall: wall, takeover: wall == nil ? takeover : nil,
      dialog: wall == nil ? dialog : nil, strip: wall == nil ? strip : nil, badge: badge,
      // What a rebuild at the app's time would deliver: not what is scheduled, nor what expired.
      archive: rows.filter { $0.isPublished(at: now) && !$0.isExpired(at: now) },
      verdicts: rows.map { RowVerdict(id: $0.id, outcome: outcome(of: $0)) }
        + outside.map { row in
          RowVerdict(
            id: row.id,
            outcome: .outsideRollout(
              // Inside every rollout, only a share of 0% leaves a row out: no bucket to name.
              bucket: audience == .inside
                ? nil : audience.bucket(salt: row.rollout?.salt ?? row.id),
              share: row.rollout?.share(at: now) ?? 0))
        })
  }

  /// Whether a row's rollout delivers it to an audience at a time (a row without one reaches
  /// all).
  package static func reaches(_ row: ManifestRow, _ audience: RolloutAudience, at now: Timestamp)
    -> Bool
  {
    row.rollout?.reaches(audience, at: now) ?? true
  }

  /// Why a blocking row's action is no exit, or nil when an app can open it: a wall whose action
  /// does not classify (DESIGN §5.7) would hold the user with no way out, so it is no wall.
  static func exitProblem(_ actionURL: String?) -> String? {
    guard let actionURL, !actionURL.isEmpty else {
      return "it has no action, and a wall needs an exit"
    }
    guard RowAction(classifying: actionURL) == nil else { return nil }
    return "its action \"\(actionURL)\" is not one an app can open, and a wall needs an exit"
  }
}

extension DecisionRules {
  /// The ids still seen at a time (DESIGN §5.9): a row with `remindAfter` is unseen again once
  /// that long has passed since it was marked, so a dismissed nudge comes back; every other mark
  /// (and one with no time, which an app's own store may keep) holds for good.
  package static func stillSeen(
    _ marks: [String: Timestamp?], rows: [ManifestRow], now: Timestamp
  ) -> Set<String> {
    var reminders: [String: Int] = [:]
    for row in rows { if let seconds = row.remindAfter { reminders[row.id] = seconds } }
    return Set(
      marks.compactMap { id, marked in
        guard let seconds = reminders[id], let marked else { return id }
        // A reminder due after the last time there is never comes (only a row made in code has
        // one: a document's rows keep remindAfter within ClientLimits).
        guard let due = marked.adding(seconds: Int64(seconds)) else { return id }
        return now < due ? id : nil
      })
  }
}
