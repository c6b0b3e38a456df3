import HeraldCore

extension SiteFileProblem {
  /// The diagnostic code for the problem.
  package var diagnosticCode: DiagnosticCode {
    switch self {
    case .linkOutside: return .linkOutsideSite
    case .missing, .unreadable: return .unreadableFile
    default: return .notAFile
    }
  }

  /// The problem as a diagnostic at the start of `file` (a path relative to the site).
  package func diagnostic(_ file: String) -> Diagnostic {
    Diagnostic(
      file: file, position: .start, code: diagnosticCode, message: message(for: file), hint: hint)
  }
}

extension ConfinedFolder.Entry: CustomStringConvertible {
  /// "a file", "a folder", or the special file's description.
  package var description: String {
    switch self {
    case .file: return "a file"
    case .directory: return "a folder"
    case .special(let what): return what
    }
  }
}
