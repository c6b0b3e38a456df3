import HeraldCore

/// A file's text, checked to be UTF-8, with a byte-order mark removed and CRLF and lone CR line ends
/// (Windows, classic Mac) made LF, so every line counts as an editor shows it.
package struct SourceText: Sendable {
  /// The text.
  package let text: String

  /// Decodes a file's bytes, or returns the diagnostic that names the first byte that is not UTF-8.
  package static func decode(_ bytes: [UInt8], file: String) -> Result<SourceText, DiagnosticError>
  {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    guard let text = String(validating: body, as: UTF8.self) else {
      let offset = firstInvalidUTF8Offset(body) ?? body.startIndex
      let position = position(ofByte: offset, in: body)
      let byte = offset < body.endIndex ? body[offset] : 0
      return .failure(
        DiagnosticError(
          Diagnostic(
            file: file, position: position, code: .invalidUTF8,
            message:
              "the file is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)))",
            hint: "save the file as UTF-8")))
    }
    return .success(SourceText(text: body.contains(13) ? text.normalizingLineEnds() : text))
  }

  /// The offset of the first byte that does not start or continue a valid UTF-8 sequence.
  static func firstInvalidUTF8Offset(_ bytes: ArraySlice<UInt8>) -> Int? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = bytes.startIndex
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        offset += UTF8.width(scalar)
      case .emptyInput:
        return nil
      case .error:
        return offset
      }
    }
  }

  /// The line and character column of a byte offset (LF, CRLF and a lone CR each end a line).
  static func position(ofByte offset: Int, in bytes: ArraySlice<UInt8>) -> SourcePosition {
    var line = 1
    var column = 1
    var previous: UInt8 = 0
    for byte in bytes[bytes.startIndex..<offset] {
      defer { previous = byte }
      if byte == 13 || (byte == 10 && previous != 13) {
        line += 1
        column = 1
      } else if byte == 10 {
        continue
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return SourcePosition(line: line, column: column)
  }
}

/// A single diagnostic thrown where one problem stops the reading of a file.
package struct DiagnosticError: Error, Sendable {
  /// The problem.
  package let diagnostic: Diagnostic

  /// Wraps a diagnostic.
  package init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }
}

extension String {
  /// The text with every CRLF pair and every lone CR turned into LF.
  fileprivate func normalizingLineEnds() -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count)
    var previousWasCR = false
    for byte in utf8 {
      if byte == 13 {
        bytes.append(10)
      } else if !(byte == 10 && previousWasCR) {
        bytes.append(byte)
      }
      previousWasCR = byte == 13
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
