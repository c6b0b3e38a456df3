/// Why a text is not a version; the message quotes the text.
package struct VersionParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text that failed to parse.
  package let text: String
  /// What is wrong with it, as a clause that follows the quoted text.
  package let reason: String

  /// The whole message, for example `"v1.2" is not a version: it must start with a digit`.
  package var description: String { "\"\(text)\" is not a version: \(reason)" }
}

extension Version {
  /// Parses a version, reporting the first problem with a reason that names it.
  package init(parsing text: String) throws(VersionParseError) {
    if let segments = Self.plainSegments(text) {
      self.init(segments: segments, prerelease: [], build: [], text: text)
    } else {
      try self.init(parsingInParts: text)
    }
  }

  /// The numbers of a version that is only dot-separated digits (`2.14.1`, as nearly every one
  /// is), read from its bytes; nil for anything else, including an empty segment or a number
  /// too large, which the full parser reports.
  ///
  /// A rebuild reads every record's versions back from the cache as text: parsing them one
  /// `Character` at a time cost a twentieth of it at 10,000 records.
  static func plainSegments(_ text: String) -> [UInt64]? {
    var segments: [UInt64] = []
    var current: UInt64 = 0
    var digits = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: ".") {
        guard digits > 0 else { return nil }
        segments.append(current)
        (current, digits) = (0, 0)
      } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        let (times, overflowTimes) = current.multipliedReportingOverflow(by: 10)
        let (sum, overflowSum) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
        guard !overflowTimes && !overflowSum else { return nil }
        (current, digits) = (sum, digits + 1)
      } else {
        return nil
      }
    }
    guard digits > 0 else { return nil }
    segments.append(current)
    return segments
  }

  /// Parses any version, its pre-release and build parts included, reporting the first problem.
  package init(parsingInParts text: String) throws(VersionParseError) {
    func fail(_ reason: String) -> VersionParseError {
      VersionParseError(text: text, reason: reason)
    }
    guard !text.isEmpty else { throw fail("it is empty") }
    var core = Substring(text)
    var build: [String] = []
    var prerelease: [PrereleaseIdentifier] = []
    if let plus = core.firstIndex(of: "+") {
      build = core[core.index(after: plus)...].split(
        separator: ".", omittingEmptySubsequences: false
      )
      .map(String.init)
      core = core[..<plus]
      guard build.allSatisfy({ !$0.isEmpty && $0.allSatisfy(Self.isIdentifierCharacter) }) else {
        throw fail("build metadata after \"+\" must be dot-separated [0-9A-Za-z-] identifiers")
      }
    }
    if let dash = core.firstIndex(of: "-") {
      let identifiers = core[core.index(after: dash)...].split(
        separator: ".", omittingEmptySubsequences: false)
      core = core[..<dash]
      for identifier in identifiers {
        guard !identifier.isEmpty, identifier.allSatisfy(Self.isIdentifierCharacter) else {
          throw fail("a pre-release after \"-\" must be dot-separated [0-9A-Za-z-] identifiers")
        }
        if identifier.allSatisfy(\.isASCIIDigit) {
          guard let number = UInt64(identifier) else {
            throw fail("the pre-release number \(identifier) is too large")
          }
          prerelease.append(.numeric(number))
        } else {
          prerelease.append(.alphanumeric(String(identifier)))
        }
      }
    }
    guard !core.isEmpty else { throw fail("it must start with a digit") }
    var segments: [UInt64] = []
    for segment in core.split(separator: ".", omittingEmptySubsequences: false) {
      guard !segment.isEmpty else {
        throw fail(
          segments.isEmpty && segment.startIndex == core.startIndex
            ? "it must start with a digit" : "it has an empty segment")
      }
      guard segment.allSatisfy(\.isASCIIDigit) else {
        throw fail(
          segments.isEmpty && !(segment.first?.isASCIIDigit ?? false)
            ? "it must start with a digit"
            : "segment \"\(segment)\" is not a number")
      }
      guard let number = UInt64(segment) else {
        throw fail("segment \(segment) is too large (at most \(UInt64.max))")
      }
      segments.append(number)
    }
    self.init(segments: segments, prerelease: prerelease, build: build, text: text)
  }

  /// Parses a version, or returns nil when the text is not one.
  package init?(_ text: String) {
    guard let version = try? Version(parsing: text) else { return nil }
    self = version
  }

  private static func isIdentifierCharacter(_ character: Character) -> Bool {
    character.isASCIIDigit || character == "-"
      || ("a"..."z").contains(character) || ("A"..."Z").contains(character)
  }
}

extension Character {
  /// Whether this is one of the ASCII digits 0 to 9 (not any Unicode number).
  var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
