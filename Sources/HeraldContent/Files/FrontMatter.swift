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
    let utf8 = text.utf8
    /// Whether the line starting at an index is a fence; returns the index after its line break.
    func fenceEnd(at start: String.Index) -> String.Index? {
      var index = start
      for _ in 0..<3 {
        guard index < utf8.endIndex, utf8[index] == UInt8(ascii: "-") else { return nil }
        index = utf8.index(after: index)
      }
      while index < utf8.endIndex, utf8[index] == 0x20 || utf8[index] == 0x09 {
        index = utf8.index(after: index)
      }
      guard index < utf8.endIndex else { return index }
      guard utf8[index] == 0x0A else { return nil }
      return utf8.index(after: index)
    }
    guard let yamlStart = fenceEnd(at: utf8.startIndex) else {
      return .failure(
        DiagnosticError(
          Diagnostic(
            file: file, position: .start, code: .missingFrontMatter,
            message: "a Markdown record must start with a --- line that opens its front matter",
            hint: "put the fields between two --- lines at the top of the file")))
    }
    var lineStart = yamlStart
    var line = 2
    while lineStart < utf8.endIndex {
      if let bodyStart = fenceEnd(at: lineStart) {
        // The YAML ends before the line break that precedes the closing fence.
        let yamlEnd = lineStart > yamlStart ? utf8.index(before: lineStart) : lineStart
        return .success(
          FrontMatter(
            yaml: String(text[yamlStart..<yamlEnd]), yamlFirstLine: 2,
            body: String(text[bodyStart...]), bodyFirstLine: line + 1))
      }
      guard let newline = utf8[lineStart...].firstIndex(of: 0x0A) else { break }
      lineStart = utf8.index(after: newline)
      line += 1
    }
    return .failure(
      DiagnosticError(
        Diagnostic(
          file: file, position: .start, code: .unterminatedFrontMatter,
          message: "the front matter opened on line 1 is never closed",
          hint: "add a --- line after the last field")))
  }
}
