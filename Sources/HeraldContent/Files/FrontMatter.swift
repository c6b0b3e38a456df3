import HeraldCore

/// A Markdown record split into its YAML front matter and its Markdown body.
struct FrontMatter {
  /// The YAML between the `---` lines.
  let yaml: String
  /// The line of the file where the YAML starts (the line after the opening `---`).
  let yamlFirstLine: Int
  /// The Markdown after the closing `---` line.
  let body: String
  /// The line of the file where the body starts.
  let bodyFirstLine: Int

  /// Splits a record; the front matter must open on the first line and close with a `---` line.
  static func split(_ text: String, file: String) -> Result<FrontMatter, DiagnosticError> {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    func isFence(_ line: Substring) -> Bool {
      line.hasPrefix("---") && line.dropFirst(3).allSatisfy { $0 == " " || $0 == "\t" }
    }
    guard let first = lines.first, isFence(first) else {
      return .failure(
        DiagnosticError(
          Diagnostic(
            file: file, position: .start, code: .missingFrontMatter,
            message: "a Markdown record must start with a --- line that opens its front matter",
            hint: "put the fields between two --- lines at the top of the file")))
    }
    guard let closing = lines.indices.dropFirst().first(where: { isFence(lines[$0]) }) else {
      return .failure(
        DiagnosticError(
          Diagnostic(
            file: file, position: .start, code: .unterminatedFrontMatter,
            message: "the front matter opened on line 1 is never closed",
            hint: "add a --- line after the last field")))
    }
    return .success(
      FrontMatter(
        yaml: lines[1..<closing].joined(separator: "\n"),
        yamlFirstLine: 2,
        body: lines[(closing + 1)...].joined(separator: "\n"),
        bodyFirstLine: closing + 2))
  }
}
