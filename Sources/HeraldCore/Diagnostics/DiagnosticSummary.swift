/// The final count line of a check or build: `2 errors, 1 warning in 14 announcements`.
package struct DiagnosticSummary: Sendable, Hashable, CustomStringConvertible {
  /// How many errors were found.
  package let errors: Int
  /// How many warnings were found.
  package let warnings: Int
  /// How many announcement files were read.
  package let announcements: Int

  /// Counts the diagnostics by severity.
  package init(_ diagnostics: [Diagnostic], announcements: Int) {
    errors = diagnostics.count { $0.severity == .error }
    warnings = diagnostics.count { $0.severity == .warning }
    self.announcements = announcements
  }

  /// The count line.
  package var description: String {
    "\(Self.count(errors, "error")), \(Self.count(warnings, "warning")) in "
      + Self.count(announcements, "announcement")
  }

  /// `1 error`, `2 errors`, `0 errors`.
  package static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
