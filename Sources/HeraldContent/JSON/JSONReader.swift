import HeraldCore

/// Reads RFC 8259 JSON into a `SourceNode` tree that keeps every value's line and column and every
/// number's text as written.
///
/// Foundation's `JSONSerialization` reports neither positions nor the text of numbers (it reads
/// `1.10` as the double 1.1), and diagnostics need both; the tests check this reader against
/// `JSONSerialization` on valid documents.
package enum JSONReader {
  /// Deeper nesting than any record needs is refused.
  static let maximumDepth = 64

  /// Parses a whole JSON document whose first line is line `firstLine` of `file`.
  package static func read(
    _ text: String, file: String, firstLine: Int = 1, firstColumn: Int = 1
  )
    -> Result<SourceNode, DiagnosticError>
  {
    var scanner = JSONScanner(
      bytes: Array(text.utf8), file: file, line: firstLine, column: firstColumn)
    do throws(DiagnosticError) {
      scanner.skipWhitespace()
      let node = try scanner.value(depth: 0)
      scanner.skipWhitespace()
      guard scanner.atEnd else { throw scanner.failure("unexpected text after the JSON value") }
      return .success(node)
    } catch {
      return .failure(error)
    }
  }
}

/// A cursor over the bytes that tracks line and character column.
private struct JSONScanner {
  let bytes: [UInt8]
  let file: String
  var index = 0
  var line: Int
  var column: Int

  init(bytes: [UInt8], file: String, line: Int, column: Int) {
    self.bytes = bytes
    self.file = file
    self.line = line
    self.column = column
  }

  var atEnd: Bool { index >= bytes.count }
  var current: UInt8? { index < bytes.count ? bytes[index] : nil }
  var position: SourcePosition { SourcePosition(line: line, column: column) }

  func failure(_ message: String, at position: SourcePosition? = nil, hint: String? = nil)
    -> DiagnosticError
  {
    DiagnosticError(
      Diagnostic(
        file: file, position: position ?? self.position, code: .jsonSyntax,
        message: "JSON syntax error: \(message)", hint: hint))
  }

  mutating func advance() {
    guard index < bytes.count else { return }
    if bytes[index] == 10 {
      line += 1
      column = 1
    } else if bytes[index] & 0xC0 != 0x80 {
      column += 1
    }
    index += 1
  }

  mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
      advance()
    }
  }

  func describeCurrent() -> String {
    guard let byte = current else { return "the end of the file" }
    if byte >= 0x21 && byte < 0x7F { return "\"\(Character(Unicode.Scalar(byte)))\"" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  mutating func value(depth: Int) throws(DiagnosticError) -> SourceNode {
    let start = position
    guard depth < JSONReader.maximumDepth else {
      throw failure("the JSON nests deeper than \(JSONReader.maximumDepth) levels")
    }
    switch current ?? 0 {
    case UInt8(ascii: "{"):
      return SourceNode(.mapping(try object(depth: depth)), at: start)
    case UInt8(ascii: "["):
      return SourceNode(.sequence(try array(depth: depth)), at: start)
    case UInt8(ascii: "\""):
      return SourceNode(.scalar(.string(try string())), at: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return SourceNode(.scalar(.number(try number())), at: start)
    case UInt8(ascii: "t"):
      try literal("true")
      return SourceNode(.scalar(.boolean(true)), at: start)
    case UInt8(ascii: "f"):
      try literal("false")
      return SourceNode(.scalar(.boolean(false)), at: start)
    case UInt8(ascii: "n"):
      try literal("null")
      return SourceNode(.scalar(.null), at: start)
    case UInt8(ascii: "'"):
      throw failure("strings must be in double quotes", hint: "write \"text\", not 'text'")
    default:
      throw failure("expected a value, found \(describeCurrent())")
    }
  }

  mutating func literal(_ word: String) throws(DiagnosticError) {
    let start = position
    for expected in word.utf8 {
      guard current == expected else {
        throw failure("expected \(word)", at: start, hint: "text must be in double quotes")
      }
      advance()
    }
  }

  mutating func object(depth: Int) throws(DiagnosticError) -> [SourceEntry] {
    advance()
    skipWhitespace()
    var entries: [SourceEntry] = []
    if current == UInt8(ascii: "}") {
      advance()
      return entries
    }
    while true {
      guard current == UInt8(ascii: "\"") else {
        if current == UInt8(ascii: "}") && !entries.isEmpty {
          throw failure(
            "a comma before \"}\" has no member after it", hint: "remove the last comma")
        }
        throw failure(
          "expected a member name in double quotes, found \(describeCurrent())")
      }
      let keyPosition = position
      let key = try string()
      skipWhitespace()
      guard current == UInt8(ascii: ":") else {
        throw failure("expected \":\" after the member name \"\(key)\"")
      }
      advance()
      skipWhitespace()
      let value = try value(depth: depth + 1)
      entries.append(SourceEntry(key: key, at: keyPosition, value: value))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","):
        advance()
        skipWhitespace()
      case UInt8(ascii: "}"):
        advance()
        return entries
      default:
        throw failure("expected \",\" or \"}\" after a member, found \(describeCurrent())")
      }
    }
  }

  mutating func array(depth: Int) throws(DiagnosticError) -> [SourceNode] {
    advance()
    skipWhitespace()
    var items: [SourceNode] = []
    if current == UInt8(ascii: "]") {
      advance()
      return items
    }
    while true {
      if current == UInt8(ascii: "]") {
        throw failure("a comma before \"]\" has no value after it", hint: "remove the last comma")
      }
      items.append(try value(depth: depth + 1))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","):
        advance()
        skipWhitespace()
      case UInt8(ascii: "]"):
        advance()
        return items
      default:
        throw failure("expected \",\" or \"]\" after a value, found \(describeCurrent())")
      }
    }
  }

  mutating func number() throws(DiagnosticError) -> String {
    let start = index
    let startPosition = position
    func digits() -> Int {
      var count = 0
      while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        advance()
        count += 1
      }
      return count
    }
    if current == UInt8(ascii: "-") { advance() }
    if current == UInt8(ascii: "0") {
      advance()
      if let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        throw failure(
          "a number cannot have a leading zero", at: startPosition,
          hint: "write a version as a string, such as \"2024.01.5\"")
      }
    } else if digits() == 0 {
      throw failure("expected a digit", at: startPosition)
    }
    if current == UInt8(ascii: ".") {
      advance()
      guard digits() > 0 else {
        throw failure(
          "expected a digit after \".\"", at: startPosition,
          hint: "write a version as a string, such as \"1.2.0\"")
      }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      advance()
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
      guard digits() > 0 else {
        throw failure("expected a digit in the exponent", at: startPosition)
      }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    // A number past a double's range is refused, as JSONSerialization refuses it.
    guard let value = Double(text), value.isFinite else {
      let shown = text.count > 20 ? text.prefix(20) + "…" : text
      throw failure("the number \(shown) is too large to read", at: startPosition)
    }
    return text
  }

  mutating func string() throws(DiagnosticError) -> String {
    let start = position
    advance()
    var scalars = String.UnicodeScalarView()
    var runStart = index
    func flushRun(_ end: Int) {
      if end > runStart {
        scalars.append(
          contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
      }
    }
    while true {
      guard let byte = current else {
        throw failure("the string that starts here is never closed", at: start)
      }
      switch byte {
      case UInt8(ascii: "\""):
        flushRun(index)
        advance()
        return String(scalars)
      case UInt8(ascii: "\\"):
        flushRun(index)
        advance()
        scalars.append(try escape())
        runStart = index
      case 0..<0x20:
        throw failure(
          byte == 10 ? "a string cannot span lines" : "a control character must be escaped",
          hint: byte == 10 ? "write \\n for a line break" : nil)
      default:
        advance()
      }
    }
  }

  mutating func escape() throws(DiagnosticError) -> Unicode.Scalar {
    let escapePosition = SourcePosition(line: line, column: column - 1)
    guard let byte = current else { throw failure("the string is never closed") }
    advance()
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let first = try hexQuad(escapePosition)
      if (0xD800..<0xDC00).contains(first) {
        guard current == UInt8(ascii: "\\") else {
          throw failure(
            "a lone UTF-16 surrogate \\u\(String(first, radix: 16))", at: escapePosition)
        }
        advance()
        guard current == UInt8(ascii: "u") else {
          throw failure(
            "a lone UTF-16 surrogate \\u\(String(first, radix: 16))", at: escapePosition)
        }
        advance()
        let second = try hexQuad(escapePosition)
        guard (0xDC00..<0xE000).contains(second),
          let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        else { throw failure("an invalid UTF-16 surrogate pair", at: escapePosition) }
        return scalar
      }
      guard let scalar = Unicode.Scalar(first) else {
        throw failure("a lone UTF-16 surrogate \\u\(String(first, radix: 16))", at: escapePosition)
      }
      return scalar
    default:
      throw failure("\\\(Character(Unicode.Scalar(byte))) is not a JSON escape", at: escapePosition)
    }
  }

  mutating func hexQuad(_ escapePosition: SourcePosition) throws(DiagnosticError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current, let digit = Self.hexValue(byte) else {
        throw failure("\\u must be followed by four hexadecimal digits", at: escapePosition)
      }
      value = value * 16 + digit
      advance()
    }
    return value
  }

  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }
}
