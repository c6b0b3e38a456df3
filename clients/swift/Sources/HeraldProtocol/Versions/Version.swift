/// An app version as DESIGN §2 defines it: numeric segments compared as numbers, an optional SemVer
/// pre-release, and build metadata that takes no part in comparison.
package struct Version: Sendable {
  /// The numeric segments as written, leading zeros already read away (`2024.01.5` is `[2024, 1, 5]`).
  package let segments: [UInt64]
  /// The pre-release identifiers after `-`, empty for a release.
  package let prerelease: [PrereleaseIdentifier]
  /// The build metadata after `+`, kept for display and ignored in comparisons.
  package let build: [String]
  /// The text the author wrote, which is what outputs and messages show.
  package let text: String

  /// The segments without trailing zeros, so that `1.0` and `1.0.0` compare and hash alike.
  var significantSegments: ArraySlice<UInt64> {
    var end = segments.count
    while end > 0 && segments[end - 1] == 0 { end -= 1 }
    return segments[..<end]
  }
}

/// One dot-separated pre-release identifier: numeric ones compare as numbers, others as ASCII text.
package enum PrereleaseIdentifier: Sendable, Hashable {
  /// An identifier made of digits only.
  case numeric(UInt64)
  /// An identifier with at least one letter or hyphen.
  case alphanumeric(String)
}

extension Version: CustomStringConvertible {
  /// The text the author wrote.
  package var description: String { text }
}
