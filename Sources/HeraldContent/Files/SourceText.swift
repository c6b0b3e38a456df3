import HeraldCore

/// A file's text, checked to be UTF-8, with a byte-order mark removed and CRLF line ends made LF
/// (neither changes a line or column number).
public struct SourceText: Sendable {
  /// The text.
  public let text: String

  /// Decodes a file's bytes, or returns the diagnostic that names the first byte that is not UTF-8.
  public static func decode(_ bytes: [UInt8], file: String) -> Result<SourceText, DiagnosticError> {
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
    return .success(SourceText(text: body.contains(13) ? text.replacingCRLF() : text))
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

  /// The line and character column of a byte offset.
  static func position(ofByte offset: Int, in bytes: ArraySlice<UInt8>) -> SourcePosition {
    var line = 1
    var column = 1
    for byte in bytes[bytes.startIndex..<offset] {
      if byte == 10 {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return SourcePosition(line: line, column: column)
  }
}

/// A single diagnostic thrown where one problem stops the reading of a file.
public struct DiagnosticError: Error, Sendable {
  /// The problem.
  public let diagnostic: Diagnostic

  /// Wraps a diagnostic.
  public init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }
}

extension String {
  /// The text with every CRLF pair turned into LF.
  fileprivate func replacingCRLF() -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count)
    var previousWasCR = false
    for byte in utf8 {
      if previousWasCR && byte != 10 { bytes.append(13) }
      previousWasCR = byte == 13
      if !previousWasCR { bytes.append(byte) }
    }
    if previousWasCR { bytes.append(13) }
    return String(decoding: bytes, as: UTF8.self)
  }
}
