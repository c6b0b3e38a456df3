import HeraldProtocol

extension HeraldState {
  /// The state an app renders from a decision.
  package init(
    decision: ClientDecision, seen: Set<String>, freshness: Freshness,
    manifest: ManifestDocument<ManifestRow>.Scope?, nextChangeAt: Timestamp?, locale: String?
  ) {
    let interruption: HeraldInterruption?
    switch decision.shown {
    case .takeover(let row)?: interruption = .takeover(HeraldMessage(row: row))
    case .dialog(let row)?: interruption = .dialog(HeraldMessage(row: row))
    case .strip(let row)?: interruption = .strip(HeraldMessage(row: row))
    case .wall?, nil: interruption = nil
    }
    self.init(
      wall: decision.wall.map(HeraldMessage.init(row:)), interruption: interruption,
      badge: decision.badge,
      archive: decision.archive.map {
        ArchiveEntry(message: HeraldMessage(row: $0), seen: seen.contains($0.id))
      },
      freshness: freshness, locale: locale, manifest: manifest, nextChange: nextChangeAt)
  }
}
