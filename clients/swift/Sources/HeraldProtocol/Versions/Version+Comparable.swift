extension Version: Comparable, Hashable {
  /// Orders versions segment by segment as numbers, a pre-release below its release, and
  /// pre-release identifiers as SemVer 2.0.0 §11 says; build metadata is ignored.
  package static func < (lhs: Version, rhs: Version) -> Bool { lhs.compare(to: rhs) < 0 }

  /// Equal when neither sorts above the other, so `1.0 == 1.0.0` and `1.0+a == 1.0+b`.
  package static func == (lhs: Version, rhs: Version) -> Bool { lhs.compare(to: rhs) == 0 }

  /// Hashes what comparison sees, so that equal versions hash alike.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(Array(significantSegments))
    hasher.combine(prerelease)
  }

  /// Returns a negative number, zero or a positive number as this version sorts below, with or above
  /// the other.
  package func compare(to other: Version) -> Int {
    let count = max(segments.count, other.segments.count)
    for index in 0..<count {
      let left = index < segments.count ? segments[index] : 0
      let right = index < other.segments.count ? other.segments[index] : 0
      if left != right { return left < right ? -1 : 1 }
    }
    switch (prerelease.isEmpty, other.prerelease.isEmpty) {
    case (true, true): return 0
    case (true, false): return 1
    case (false, true): return -1
    case (false, false): break
    }
    for (left, right) in zip(prerelease, other.prerelease) {
      let order = left.compare(to: right)
      if order != 0 { return order }
    }
    return prerelease.count == other.prerelease.count
      ? 0 : (prerelease.count < other.prerelease.count ? -1 : 1)
  }
}

extension PrereleaseIdentifier {
  /// SemVer §11.4: numbers compare numerically and sort below text; text compares in ASCII order.
  func compare(to other: PrereleaseIdentifier) -> Int {
    switch (self, other) {
    case (.numeric(let left), .numeric(let right)):
      return left == right ? 0 : (left < right ? -1 : 1)
    case (.numeric, .alphanumeric): return -1
    case (.alphanumeric, .numeric): return 1
    case (.alphanumeric(let left), .alphanumeric(let right)):
      if left == right { return 0 }
      return left < right ? -1 : 1
    }
  }
}
