/// The inclusive range of app versions a record targets; a missing bound is unbounded.
public struct VersionRange: Sendable, Hashable {
  /// The lowest version reached, or nil for no lower bound.
  public let minimum: Version?
  /// The highest version reached, or nil for no upper bound.
  public let maximum: Version?

  /// The range of every version.
  public static let unbounded = VersionRange(minimum: nil, maximum: nil)

  /// Makes a range from its bounds; the caller checks that they are in order.
  public init(minimum: Version?, maximum: Version?) {
    self.minimum = minimum
    self.maximum = maximum
  }

  /// Whether the bounds are in order (an unbounded side is always in order).
  public var isOrdered: Bool {
    guard let minimum, let maximum else { return true }
    return minimum <= maximum
  }

  /// Whether the range contains the version, both bounds included.
  public func contains(_ version: Version) -> Bool {
    if let minimum, version < minimum { return false }
    if let maximum, version > maximum { return false }
    return true
  }

  /// Where a version lies relative to the range.
  public func position(of version: Version) -> RangePosition {
    if let minimum, version < minimum { return .below }
    if let maximum, version > maximum { return .above }
    return .inside
  }
}

/// Where a version lies relative to a `VersionRange`.
public enum RangePosition: Sendable, Hashable {
  /// Below `minVersion`.
  case below
  /// Within both bounds.
  case inside
  /// Above `maxVersion`.
  case above
}

extension VersionRange: CustomStringConvertible {
  /// The range as a reader says it: `1.2.0 – 1.9.0`, `≥ 1.2.0`, `≤ 1.9.0` or `every version`.
  public var description: String {
    switch (minimum, maximum) {
    case (nil, nil): return "every version"
    case (let minimum?, nil): return "\(minimum) and above"
    case (nil, let maximum?): return "up to \(maximum)"
    case (let minimum?, let maximum?): return "\(minimum) to \(maximum)"
    }
  }
}
