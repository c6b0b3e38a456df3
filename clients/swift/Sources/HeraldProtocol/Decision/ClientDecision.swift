/// What an app shows, decided by DESIGN §5, with the reason for every row.
package struct ClientDecision: Sendable, Hashable {
  /// The one interruption the app shows, if any.
  package let shown: Interruption?
  /// The wall, when a valid blocking row is live.
  package let wall: ManifestRow?
  /// The newest eligible CRITICAL row.
  package let takeover: ManifestRow?
  /// The newest eligible IMPORTANT row.
  package let dialog: ManifestRow?
  /// The newest eligible INFO row.
  package let strip: ManifestRow?
  /// How many rows are unseen and not gated by account age (live rows only).
  package let badge: Int
  /// Every row of the manifest, newest first.
  package let archive: [ManifestRow]
  /// Why each row is shown or not, in archive order.
  package let verdicts: [RowVerdict]
  /// Why the last fetch failed, when the decision fails open (cached rows, or none).
  package let failure: FetchFailure?

  /// Makes a decision.
  package init(
    shown: Interruption?, wall: ManifestRow?, takeover: ManifestRow?, dialog: ManifestRow?,
    strip: ManifestRow?, badge: Int, archive: [ManifestRow], verdicts: [RowVerdict],
    failure: FetchFailure? = nil
  ) {
    self.shown = shown
    self.wall = wall
    self.takeover = takeover
    self.dialog = dialog
    self.strip = strip
    self.badge = badge
    self.archive = archive
    self.verdicts = verdicts
    self.failure = failure
  }

  /// The decision when there is no manifest: nothing at all.
  package static let nothing = ClientDecision(
    shown: nil, wall: nil, takeover: nil, dialog: nil, strip: nil, badge: 0, archive: [],
    verdicts: [])

  /// The same archive and badge with nothing interrupting, after a failed fetch: offline is never
  /// a wall, and a cached takeover or dialog is not shown either.
  func failingOpen(_ failure: FetchFailure) -> ClientDecision {
    ClientDecision(
      shown: nil, wall: nil, takeover: nil, dialog: nil, strip: nil, badge: badge,
      archive: archive,
      verdicts: verdicts.map { verdict in
        switch verdict.outcome {
        case .shown, .outranked, .superseded, .behindWall:
          return RowVerdict(id: verdict.id, outcome: .notFresh)
        default:
          return verdict
        }
      }, failure: failure)
  }
}

/// The shapes an interruption takes, from the most to the least interrupting.
package enum Interruption: Sendable, Hashable {
  /// A full-screen wall that only its action leaves.
  case wall(ManifestRow)
  /// A full-screen takeover (CRITICAL).
  case takeover(ManifestRow)
  /// A centred dialog (IMPORTANT).
  case dialog(ManifestRow)
  /// A dismissible strip (INFO).
  case strip(ManifestRow)

  /// The row shown.
  package var row: ManifestRow {
    switch self {
    case .wall(let row), .takeover(let row), .dialog(let row), .strip(let row): return row
    }
  }

  /// `wall`, `takeover`, `dialog` or `strip`.
  package var shape: String {
    switch self {
    case .wall: return "wall"
    case .takeover: return "takeover"
    case .dialog: return "dialog"
    case .strip: return "strip"
    }
  }
}

/// Why one row is shown or not.
package struct RowVerdict: Sendable, Hashable {
  /// The row's id.
  package let id: String
  /// What happens to it.
  package let outcome: Outcome

  /// Makes a verdict.
  package init(id: String, outcome: Outcome) {
    self.id = id
    self.outcome = outcome
  }

  /// What happens to a row.
  package enum Outcome: Sendable, Hashable {
    /// It is the interruption shown, in this shape.
    case shown(String)
    /// It would be the takeover, dialog or strip, but a more interrupting row is shown instead.
    case outranked(by: String)
    /// A newer row of the same severity is chosen instead.
    case superseded(by: String)
    /// The user has seen it.
    case seen
    /// Published before the account was created (non-blocking rows only).
    case gatedByAccountAge
    /// Not yet published at the app's time.
    case scheduled
    /// Past its expiresAt.
    case expired
    /// Asks to block but is not CRITICAL or has no action: ignored.
    case invalidWall(String)
    /// Hidden behind a wall.
    case behindWall(String)
    /// Would interrupt, but the manifest is cached after a failed fetch: nothing interrupts.
    case notFresh
    /// Its rollout does not reach this user yet: the user's bucket is not below the share (of
    /// 10,000), so the row is nowhere for them; no bucket when no user was named and the share
    /// is 0.
    case outsideRollout(bucket: Int?, share: Int)
  }
}
