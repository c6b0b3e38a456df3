/// One problem found in a site: where it is, how bad it is, what it is, and how to fix it.
package struct Diagnostic: Sendable, Hashable {
  /// How a problem affects the build.
  package enum Severity: String, Sendable, Hashable, Comparable {
    /// The content cannot be built; the command exits 1.
    case error
    /// The build continues; `--strict` turns it into an error.
    case warning

    /// Errors sort before warnings at the same position.
    package static func < (lhs: Severity, rhs: Severity) -> Bool {
      lhs == .error && rhs == .warning
    }
  }

  /// The file's path relative to the site folder, with `/` separators.
  package let file: String
  /// Where in the file, counted over the whole file.
  package let position: SourcePosition
  /// Error or warning.
  package let severity: Severity
  /// The stable name of the rule.
  package let code: DiagnosticCode
  /// What is wrong, in one sentence that quotes the offending text.
  package let message: String
  /// How to fix it, when there is something useful to say.
  package let hint: String?

  /// Makes a diagnostic.
  package init(
    file: String, position: SourcePosition, severity: Severity = .error, code: DiagnosticCode,
    message: String, hint: String? = nil
  ) {
    self.file = file
    self.position = position
    self.severity = severity
    self.code = code
    self.message = message
    self.hint = hint
  }

  /// The line, counted from 1.
  package var line: Int { position.line }
  /// The column, counted from 1.
  package var column: Int { position.column }

  /// The same diagnostic as an error, which `--strict` does to warnings.
  package var asError: Diagnostic {
    Diagnostic(
      file: file, position: position, severity: .error, code: code, message: message, hint: hint)
  }
}

extension Diagnostic: Comparable {
  /// A total order: file, line, column, errors first, code, message, hint.
  package static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
    if lhs.file != rhs.file { return lhs.file < rhs.file }
    if lhs.position != rhs.position { return lhs.position < rhs.position }
    if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
    if lhs.code != rhs.code { return lhs.code < rhs.code }
    if lhs.message != rhs.message {
      return lhs.message < rhs.message
    }
    return (lhs.hint ?? "") < (rhs.hint ?? "")
  }
}

extension Diagnostic: CustomStringConvertible {
  /// `path:line:col: error: message [code]`, then `  hint: …` on its own line when there is one.
  ///
  /// Control characters and line separators in the path, message or hint (a value quoted from the
  /// site may hold any) are written as visible escapes, so a diagnostic is always its two lines.
  package var description: String {
    var text =
      "\(file.visibleControls):\(line):\(column): \(severity.rawValue): "
      + "\(message.visibleControls) [\(code)]"
    if let hint { text += "\n  hint: \(hint.visibleControls)" }
    return text
  }
}
