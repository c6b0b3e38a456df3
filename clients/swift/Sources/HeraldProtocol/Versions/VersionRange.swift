/// The range of app versions a record targets: from `minimum` (inclusive) up to `maximum`
/// (inclusive) or `below` (exclusive); a missing bound is unbounded, and a record has at most one
/// of the two upper bounds.
package struct VersionRange: Sendable, Hashable {
  /// The lowest version reached, or nil for no lower bound.
  package let minimum: Version?
  /// The highest version reached (`maxVersion`), or nil.
  package let maximum: Version?
  /// The version whose every predecessor is reached and itself not (`belowVersion`), or nil: it
  /// reaches the hotfixes of the release below it too (`below 1.9.0` reaches `1.8.9.1`).
  package let below: Version?

  /// The range of every version.
  package static let unbounded = VersionRange(minimum: nil, maximum: nil)

  /// Makes a range from its bounds; the caller checks that they are in order, and that at most
  /// one upper bound is given.
  package init(minimum: Version?, maximum: Version?, below: Version? = nil) {
    self.minimum = minimum
    self.maximum = maximum
    self.below = below
  }

  /// Whether the bounds are in order (an unbounded side is always in order): the minimum at or
  /// below the maximum, and strictly below `below`.
  package var isOrdered: Bool {
    guard let minimum else { return true }
    if let maximum, minimum > maximum { return false }
    if let below, minimum >= below { return false }
    return true
  }

  /// Whether the range has an upper bound (a wall needs one).
  package var isBoundedAbove: Bool { maximum != nil || below != nil }

  /// Whether the range contains the version.
  package func contains(_ version: Version) -> Bool { position(of: version) == .inside }

  /// Where a version lies relative to the range.
  package func position(of version: Version) -> RangePosition {
    if let minimum, version < minimum { return .below }
    if let maximum, version > maximum { return .above }
    if let below, version >= below { return .above }
    return .inside
  }
}

/// Where a version lies relative to a `VersionRange`.
package enum RangePosition: Sendable, Hashable {
  /// Below `minVersion`.
  case below
  /// Within both bounds.
  case inside
  /// Above `maxVersion`, or at or above `belowVersion`.
  case above
}

extension VersionRange: CustomStringConvertible {
  /// The range as a reader says it: `1.2.0 to 1.9.0`, `1.2.0 and above`, `up to 1.9.0`, `below
  /// 1.9.0`, `1.2.0 to below 1.9.0` or `every version`.
  package var description: String {
    let upper = maximum.map { "\($0)" } ?? below.map { "below \($0)" }
    switch (minimum, upper) {
    case (nil, nil): return "every version"
    case (let minimum?, nil): return "\(minimum) and above"
    case (nil, let upper?): return maximum == nil ? upper : "up to \(upper)"
    case (let minimum?, let upper?): return "\(minimum) to \(upper)"
    }
  }
}
