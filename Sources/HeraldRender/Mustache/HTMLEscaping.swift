/// Escapes text for HTML element content and quoted attribute values.
public enum HTMLEscaping {
  /// Appends the text with `&`, `<`, `>`, `"` and `'` escaped, and without the control characters
  /// HTML does not allow (C0 controls other than tab, line feed and carriage return, and DEL).
  public static func append(_ text: String, to output: inout String) {
    var text = text
    guard text.withUTF8({ $0.contains(where: needsWork) }) else {
      output += text
      return
    }
    var bytes: [UInt8] = []
    append(text, to: &bytes)
    output += String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the text's UTF-8 bytes, escaped as above: every byte that is escaped or dropped is
  /// ASCII, and no byte of a multi-byte character is, so the rules work on bytes.
  public static func append(_ text: String, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { append(utf8: $0, to: &output) }
  }

  /// Appends UTF-8 bytes, escaped as above.
  public static func append(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    guard bytes.contains(where: needsWork) else {
      output.append(contentsOf: bytes)
      return
    }
    for byte in bytes {
      switch byte {
      case 0x26: output.append(contentsOf: "&amp;".utf8)
      case 0x3C: output.append(contentsOf: "&lt;".utf8)
      case 0x3E: output.append(contentsOf: "&gt;".utf8)
      case 0x22: output.append(contentsOf: "&quot;".utf8)
      case 0x27: output.append(contentsOf: "&#39;".utf8)
      case 0x09, 0x0A, 0x0D: output.append(byte)
      default: if byte >= 0x20 && byte != 0x7F { output.append(byte) }
      }
    }
  }

  /// The text escaped as `append` does.
  public static func escape(_ text: String) -> String {
    var output = ""
    append(text, to: &output)
    return output
  }

  private static func needsWork(_ byte: UInt8) -> Bool {
    byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 || byte < 0x20
      || byte == 0x7F
  }
}
