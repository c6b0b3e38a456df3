/// Why a record is not in a release's manifest at a time (DESIGN §3), in the order the rules apply.
package enum ManifestExclusion: Sendable, Hashable {
  /// A draft is in no output (unless a build asks for drafts).
  case draft
  /// `active: false`, the kill switch.
  case inactive
  /// The record does not reach this platform.
  case otherPlatform([String])
  /// The version is below `minVersion`.
  case belowMinVersion(Version)
  /// The version is above `maxVersion`.
  case aboveMaxVersion(Version)
  /// The version is not below `belowVersion`.
  case notBelowVersion(Version)
  /// `publishAt` is still ahead.
  case scheduled(Timestamp)
  /// `expiresAt` has passed.
  case expired(Timestamp)

  /// Why a record (or a `live.json` row) is left out of what a platform and version receive at a
  /// time, or nil when it is in: the one rule of DESIGN §3 that `herald build` applies to write
  /// manifests and that `explain`, `diff` and the clients apply to `live.json`.
  ///
  /// With a version, it is a release's manifest: live records whose range holds the version. With
  /// none, it is `live.json`: the live records of the platform, whatever their range.
  package static func reason(
    for item: some Deliverable, platform: String, version: Version?, now: Timestamp,
    includeDrafts: Bool = false
  ) -> ManifestExclusion? {
    if item.isDraft && !includeDrafts { return .draft }
    if !item.isActive { return .inactive }
    if !item.reaches(platform: platform) { return .otherPlatform(item.reachedPlatforms ?? []) }
    if let version, let outside = versionReason(for: item, version: version) { return outside }
    if !item.isPublished(at: now) { return .scheduled(item.publishedAt) }
    // Expiry is final, so no decision needs an expired row: live.json leaves them out too, and
    // stays the size of what is live, not of the history.
    if let expiry = item.expiresAt, item.isExpired(at: now) { return .expired(expiry) }
    return nil
  }

  /// Why a version is outside a record's range, or nil when the range holds it: the part of
  /// `reason` that depends on the version.
  ///
  /// `reason` with a version is nil exactly when it is nil without one and this is nil, so a
  /// build that has a platform's `live.json` records finds each release's rows with this alone.
  package static func versionReason(for item: some Deliverable, version: Version)
    -> ManifestExclusion?
  {
    let range = item.range
    switch range.position(of: version) {
    case .below: return range.minimum.map(ManifestExclusion.belowMinVersion)
    case .above:
      return range.maximum.map(ManifestExclusion.aboveMaxVersion)
        ?? range.below.map(ManifestExclusion.notBelowVersion)
    case .inside: return nil
    }
  }

  /// A short name for scripts: `draft`, `inactive`, `other-platform`, `below-min-version`,
  /// `above-max-version`, `not-below-version`, `scheduled`, `expired`.
  package var code: String {
    switch self {
    case .draft: return "draft"
    case .inactive: return "inactive"
    case .otherPlatform: return "other-platform"
    case .belowMinVersion: return "below-min-version"
    case .aboveMaxVersion: return "above-max-version"
    case .notBelowVersion: return "not-below-version"
    case .scheduled: return "scheduled"
    case .expired: return "expired"
    }
  }

  /// The reason as a reader says it.
  package var explanation: String {
    switch self {
    case .draft: return "a draft: in no output until draft is removed"
    case .inactive: return "switched off (active: false)"
    case .otherPlatform(let platforms):
      return "for another platform (\(platforms.joined(separator: ", ")))"
    case .belowMinVersion(let minimum): return "below minVersion \(minimum)"
    case .aboveMaxVersion(let maximum): return "above maxVersion \(maximum)"
    case .notBelowVersion(let below): return "not below belowVersion \(below)"
    case .scheduled(let time): return "scheduled for \(time)"
    case .expired(let time): return "expired at \(time)"
    }
  }
}

extension RowVerdict.Outcome {
  /// A short name for scripts: `shown`, `outranked`, `superseded`, `seen`, `gated-by-account-age`,
  /// `scheduled`, `expired`, `invalid-wall`, `behind-wall`, `not-fresh`, `outside-rollout`.
  package var code: String {
    switch self {
    case .shown: return "shown"
    case .outranked: return "outranked"
    case .superseded: return "superseded"
    case .seen: return "seen"
    case .gatedByAccountAge: return "gated-by-account-age"
    case .scheduled: return "scheduled"
    case .expired: return "expired"
    case .invalidWall: return "invalid-wall"
    case .behindWall: return "behind-wall"
    case .notFresh: return "not-fresh"
    case .outsideRollout: return "outside-rollout"
    }
  }

  /// The outcome as a reader says it.
  package var explanation: String {
    switch self {
    case .shown(let shape): return "shown as the \(shape)"
    case .outranked(let id): return "not shown: \(id) interrupts more"
    case .superseded(let id): return "not shown: \(id) is newer"
    case .seen: return "not shown: already seen"
    case .gatedByAccountAge: return "not shown: published before the account was created"
    case .scheduled: return "not shown: not yet published at this time"
    case .expired: return "not shown: expired at this time"
    case .invalidWall(let reason): return "ignored as a wall: \(reason)"
    case .behindWall(let id): return "not shown: the wall \(id) hides everything else"
    case .notFresh:
      return
        "not shown: the manifest is cached after a failed fetch, and only a fresh one interrupts"
    case .outsideRollout(let bucket?, let share):
      return
        "not delivered: the user's bucket \(bucket) is not below the rollout's share"
        + " \(RolloutShare.text(share)) (\(share) of 10000)"
    case .outsideRollout(nil, _):
      return "not delivered: its rollout reaches no one yet (0% now)"
    }
  }
}
