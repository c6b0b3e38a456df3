/// Escapes text for HTML element content and quoted attribute values.
package enum HTMLEscaping {
  /// Appends the text with `&`, `<`, `>`, `"` and `'` escaped, and without the control characters
  /// HTML does not allow (C0 controls other than tab, line feed and carriage return, and DEL).
  package static func append(_ text: String, to output: inout String) {
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
  package static func append(_ text: String, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { append(utf8: $0, to: &output) }
  }

  /// Appends UTF-8 bytes, escaped as above, copying the runs between escapes whole.
  package static func append(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    work.withUnsafeBufferPointer { work in
      var runStart = 0
      for index in bytes.indices where work[Int(bytes[index])] {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        runStart = index + 1
        switch bytes[index] {
        case 0x26: output.append(literal: "&amp;")
        case 0x3C: output.append(literal: "&lt;")
        case 0x3E: output.append(literal: "&gt;")
        case 0x22: output.append(literal: "&quot;")
        case 0x27: output.append(literal: "&#39;")
        default: break  // A control character HTML does not allow: dropped.
        }
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
  }

  /// The text escaped as `append` does.
  package static func escape(_ text: String) -> String {
    var output = ""
    append(text, to: &output)
    return output
  }

  private static func needsWork(_ byte: UInt8) -> Bool {
    byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27
      || (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
  }

  /// `needsWork` for every byte, so the escaping loop looks each byte up once.
  private static let work: [Bool] = (0...255).map { needsWork(UInt8($0)) }
}
