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
    func failure(_ code: DiagnosticCode, _ message: String, hint: String) -> Result<
      FrontMatter, DiagnosticError
    > {
      .failure(
        DiagnosticError(
          Diagnostic(file: file, position: .start, code: code, message: message, hint: hint)))
    }
    var text = text
    let found = text.withUTF8 { Self.fences(in: $0) }
    guard let found else {
      return failure(
        .missingFrontMatter,
        "a Markdown record must start with a --- line that opens its front matter",
        hint: "put the fields between two --- lines at the top of the file")
    }
    guard let closing = found.closing else {
      return failure(
        .unterminatedFrontMatter, "the front matter opened on line 1 is never closed",
        hint: "add a --- line after the last field")
    }
    let utf8 = text.utf8
    func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
    return .success(
      FrontMatter(
        yaml: String(text[index(found.yamlStart)..<index(closing.yamlEnd)]), yamlFirstLine: 2,
        body: String(text[index(closing.bodyStart)...]), bodyFirstLine: closing.bodyLine))
  }

  /// Where the fences are, or nil when the first line is not one.
  ///
  /// Gives where the YAML starts (after the opening fence) and, when a closing fence follows,
  /// where the YAML ends, where the body starts and its line. Offsets are in bytes; every one is
  /// just after a line break or at an end, so on a character.
  private static func fences(in bytes: UnsafeBufferPointer<UInt8>) -> (
    yamlStart: Int, closing: (yamlEnd: Int, bodyStart: Int, bodyLine: Int)?
  )? {
    /// Whether the line starting at an offset is a fence; returns the offset after its line break.
    func fenceEnd(at start: Int) -> Int? {
      guard bytes.count - start >= 3, bytes[start] == UInt8(ascii: "-"),
        bytes[start + 1] == UInt8(ascii: "-"), bytes[start + 2] == UInt8(ascii: "-")
      else { return nil }
      var index = start + 3
      while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
      guard index < bytes.count else { return index }
      return bytes[index] == 0x0A ? index + 1 : nil
    }
    guard let yamlStart = fenceEnd(at: 0) else { return nil }
    var lineStart = yamlStart
    var line = 2
    while lineStart < bytes.count {
      if let bodyStart = fenceEnd(at: lineStart) {
        // The YAML ends before the line break that precedes the closing fence.
        let yamlEnd = lineStart > yamlStart ? lineStart - 1 : lineStart
        return (yamlStart, (yamlEnd, bodyStart, line + 1))
      }
      guard let newline = bytes[lineStart...].firstIndex(of: 0x0A) else { break }
      lineStart = newline + 1
      line += 1
    }
    return (yamlStart, nil)
  }
}
