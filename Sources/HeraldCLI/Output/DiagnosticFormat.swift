import HeraldCore

/// How `check` prints diagnostics.
enum DiagnosticFormat: String, CaseIterable, Sendable {
  /// `path:line:col: error: message [code]` and a hint line, on standard error.
  case text
  /// An array of `{file, line, column, severity, code, message, hint}` on standard output.
  case json
  /// GitHub Actions workflow commands on standard output, so errors land on the pull request's lines.
  case github

  /// `--format`, read into a format.
  static let option = Option<DiagnosticFormat>(
    "--format", allCases.map(\.rawValue).joined(separator: "|"),
    "How to print problems (default: text)."
  ) { text throws(UsageError) in
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
    guard !diagnostics.isEmpty else { return }
    // In one write: a channel with dozens of warnings spent a system call on each.
    console.writeError(diagnostics.map { located($0).description + "\n" }.joined())
  }

  /// Prints the JSON array on standard output.
  func printJSON(_ diagnostics: [Diagnostic]) {
    console.writeOut(JSONValue.array(diagnostics.map { located($0).json }).document)
  }

  /// Prints one workflow command per diagnostic on standard output, each on exactly one line.
  ///
  /// Values quoted from the site are first made visible (`String.visibleControls`), so no line
  /// break of any kind (CRLF, which Swift sees as one Character, a lone CR, NEL, U+2028) reaches
  /// the runner; the one line break herald adds, before the hint, is escaped as `%0A`.
  func printGitHub(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics.map(located) {
      let properties = [
        "file=\(Self.escapeProperty(diagnostic.file.visibleControls))", "line=\(diagnostic.line)",
        "col=\(diagnostic.column)", "title=\(Self.escapeProperty(diagnostic.code.name))",
      ].joined(separator: ",")
      var message = Self.escapeData(diagnostic.message.visibleControls)
      if let hint = diagnostic.hint {
        message += "%0Ahint: " + Self.escapeData(hint.visibleControls)
      }
      console.out("::\(diagnostic.severity.rawValue) \(properties)::\(message)")
    }
  }

  /// Escapes a workflow command's message as the Actions runner expects, scalar by scalar.
  static func escapeData(_ text: String) -> String {
    escape(text, ["%": "%25", "\r": "%0D", "\n": "%0A"])
  }

  /// Escapes a workflow command's property value (also `:` and `,`, which end a property).
  static func escapeProperty(_ text: String) -> String {
    escape(text, ["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
  }

  private static func escape(_ text: String, _ table: [Unicode.Scalar: String]) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if let replacement = table[scalar] {
        result += replacement
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
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
