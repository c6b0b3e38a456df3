/// The final count line of a check or build: `2 errors, 1 warning in 14 announcements`.
public struct DiagnosticSummary: Sendable, Hashable, CustomStringConvertible {
  /// How many errors were found.
  public let errors: Int
  /// How many warnings were found.
  public let warnings: Int
  /// How many announcement files were read.
  public let announcements: Int

  /// Counts the diagnostics by severity.
  public init(_ diagnostics: [Diagnostic], announcements: Int) {
    errors = diagnostics.count { $0.severity == .error }
    warnings = diagnostics.count { $0.severity == .warning }
    self.announcements = announcements
  }

  /// The count line.
  public var description: String {
    "\(Self.count(errors, "error")), \(Self.count(warnings, "warning")) in "
      + Self.count(announcements, "announcement")
  }

  /// `1 error`, `2 errors`, `0 errors`.
  public static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
