import HeraldCore

/// How `check` prints diagnostics.
enum DiagnosticFormat: String, CaseIterable, Sendable {
  /// `path:line:col: error: message [code]` and a hint line, on standard error.
  case text
  /// An array of `{file, line, column, severity, code, message, hint}` on standard output.
  case json
  /// GitHub Actions workflow commands on standard output, so errors land on the pull request's lines.
  case github

  /// Reads the `--format` value.
  static func parse(_ text: String?) throws(UsageError) -> DiagnosticFormat {
    guard let text else { return .text }
    guard let format = DiagnosticFormat(rawValue: text) else {
      throw UsageError(
        message: "unknown format '\(text)'",
        hint: "use one of " + allCases.map(\.rawValue).joined(separator: ", "))
    }
    return format
  }
}

/// Prints diagnostics in one of the formats, with paths relative to the current folder.
struct DiagnosticPrinter {
  /// The console to write to.
  let console: Console
  /// Prepended to every site-relative path (the `--site` folder, or nothing for `.`).
  let pathPrefix: String

  /// The diagnostic with its path made relative to the current folder.
  func located(_ diagnostic: Diagnostic) -> Diagnostic {
    Diagnostic(
      file: pathPrefix + diagnostic.file, position: diagnostic.position,
      severity: diagnostic.severity, code: diagnostic.code, message: diagnostic.message,
      hint: diagnostic.hint)
  }

  /// Prints diagnostics as text on standard error.
  func printText(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics { console.error(located(diagnostic).description) }
  }

  /// Prints the JSON array on standard output.
  func printJSON(_ diagnostics: [Diagnostic]) {
    console.writeOut(JSONValue.array(diagnostics.map { located($0).json }).document)
  }

  /// Prints one workflow command per diagnostic on standard output.
  func printGitHub(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics.map(located) {
      let properties = [
        "file=\(Self.escapeProperty(diagnostic.file))", "line=\(diagnostic.line)",
        "col=\(diagnostic.column)", "title=\(Self.escapeProperty(diagnostic.code.name))",
      ].joined(separator: ",")
      var message = diagnostic.message
      if let hint = diagnostic.hint { message += "\nhint: \(hint)" }
      console.out("::\(diagnostic.severity.rawValue) \(properties)::\(Self.escapeData(message))")
    }
  }

  /// Escapes a workflow command's message as the Actions runner expects.
  static func escapeData(_ text: String) -> String {
    text.replacingOccurrences("%", "%25").replacingOccurrences("\r", "%0D")
      .replacingOccurrences("\n", "%0A")
  }

  /// Escapes a workflow command's property value.
  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(":", "%3A").replacingOccurrences(",", "%2C")
  }
}

extension String {
  /// The text with every occurrence of `target` replaced, without Foundation.
  func replacingOccurrences(_ target: String, _ replacement: String) -> String {
    guard !target.isEmpty, contains(target) else { return self }
    var result = ""
    var rest = Substring(self)
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound] + replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
