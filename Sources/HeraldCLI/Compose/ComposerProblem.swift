import HeraldCore

/// A problem as the composer shows it: at the field it is about (from the line `check` named in
/// the canonical file), or at the form as a whole, with `check`'s message and hint.
struct ComposerProblem: Sendable, Equatable {
  /// The field (`title`, `body`…), or nil for the record or the site as a whole.
  let field: String?
  /// `error` or `warning`.
  let severity: String
  /// What is wrong.
  let message: String
  /// How to mend it.
  let hint: String?
  /// `check`'s code, when it is `check`'s problem.
  var code: String?

  /// The problem for the page.
  var json: JSONValue {
    .object([
      "field": .optional(field), "severity": .string(severity), "message": .string(message),
      "hint": .optional(hint), "code": .optional(code),
    ])
  }

  /// `check`'s problems with the draft's file at their fields (by the lines each field starts
  /// at), and the site's other errors (the draft cannot be saved into a site that fails).
  static func problems(_ diagnostics: [Diagnostic], file: String, lines: [String: Int])
    -> [ComposerProblem]
  {
    let starts = lines.sorted { $0.value < $1.value }
    return diagnostics.compactMap { diagnostic in
      let severity = diagnostic.severity == .error ? "error" : "warning"
      guard diagnostic.file == file else {
        // Another file's warning is not this draft's business; its error stops a save.
        guard diagnostic.severity == .error else { return nil }
        return ComposerProblem(
          field: nil, severity: severity, message: diagnostic.description,
          hint: diagnostic.hint, code: diagnostic.code.name)
      }
      let field = Self.field(of: diagnostic) ?? starts.last { $0.value <= diagnostic.line }?.key
      return ComposerProblem(
        field: field, severity: severity, message: diagnostic.message, hint: diagnostic.hint,
        code: diagnostic.code.name)
    }
  }

  /// The field a problem asks to be filled, when it is not the one on its line: a missing field
  /// (reported at the record's start), what a wall lacks (reported at `blocking`).
  private static func field(of diagnostic: Diagnostic) -> String? {
    switch diagnostic.code.name {
    case "blocking-unconfirmed": return "confirmBlocking"
    case "blocking-without-action": return "actionUrl"
    case "blocking-without-max-version": return "belowVersion"
    case "missing-field":
      return AnnouncementField.allCases.map(\.rawValue).first {
        diagnostic.message.hasSuffix("has no \"\($0)\"")
      }
    default: return nil
    }
  }
}
