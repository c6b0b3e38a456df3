extension AnnouncementDecoder {
  /// Types the version range: `minVersion`, and one upper bound, `maxVersion` (inclusive) or
  /// `belowVersion` (exclusive, reaching the hotfixes below it), in order.
  func decodeRange(
    _ node: (AnnouncementField) -> SourceNode?, reader: inout FieldReader
  ) -> VersionRange {
    let minimum = node(.minVersion).flatMap { reader.version($0, field: "minVersion") }
    let maximum = node(.maxVersion).flatMap { reader.version($0, field: "maxVersion") }
    let below = node(.belowVersion).flatMap { reader.version($0, field: "belowVersion") }
    if let minimum, let maximum, minimum > maximum, let minNode = node(.minVersion) {
      reader.error(
        .rangeInverted, at: minNode.position,
        "minVersion \"\(minimum)\" is above maxVersion \"\(maximum)\"",
        hint: minimum.text < maximum.text
          ? "versions compare segment by segment as numbers, so \(minimum) is above \(maximum)"
          : "swap the two bounds")
    }
    if let maximum, let below, let belowNode = node(.belowVersion) {
      reader.error(
        .rangeTwoUpperBounds, at: belowNode.position,
        "belowVersion \"\(below)\" and maxVersion \"\(maximum)\" are both set; a record has one"
          + " upper bound",
        hint: "keep belowVersion to reach every version below \(below), hotfixes included, or"
          + " maxVersion to stop at \(maximum) itself")
    }
    if let minimum, let below, minimum >= below, let belowNode = node(.belowVersion) {
      reader.error(
        .rangeInverted, at: belowNode.position,
        "belowVersion \"\(below)\" is not above minVersion \"\(minimum)\", so the range is empty",
        hint: minimum.text < below.text
          ? "versions compare segment by segment as numbers, so \(minimum) is not below \(below)"
          : "belowVersion is exclusive: give a version above minVersion")
    }
    return VersionRange(minimum: minimum, maximum: maximum, below: below)
  }

  /// Warns when a wall's inclusive `maxVersion` leaves versions unwalled between it and the next
  /// listed release of a platform it reaches: `maxVersion: 1.8.9` with a release 1.9.0 lets the
  /// hotfix 1.8.9.1 (or 1.8.10) escape, where `belowVersion: 1.9.0` walls them.
  func checkWallGap(
    _ range: VersionRange, platforms: [String]?, at maxNode: SourceNode?,
    reader: inout FieldReader
  ) {
    guard let terms, let maxNode, let maximum = range.maximum, range.below == nil, range.isOrdered
    else { return }
    var next: [(platform: String, release: Version)] = []
    for platform in terms.platforms(reachedBy: platforms) {
      if let release = platform.sortedReleases.first(where: { $0 > maximum }) {
        next.append((platform.key, release))
      }
    }
    guard let first = next.first else { return }
    let sameEverywhere = next.allSatisfy { $0.release == first.release }
    let releases = next.map { "\($0.platform) \($0.release)" }.joined(separator: ", ")
    reader.warning(
      .wallGap, at: maxNode.position,
      "the wall stops at maxVersion \(maximum), so versions between it and the next release"
        + " (\(releases)) are not walled: a hotfix such as \(maximum.hotfix) escapes",
      hint: sameEverywhere
        ? "write belowVersion: \(first.release) instead, which walls every version below it"
        : "write belowVersion with the next release instead (a record per platform if they differ)"
    )
  }
}
