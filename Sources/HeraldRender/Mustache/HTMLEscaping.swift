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
  ///
  /// Eight bytes are tested at a time, as one integer: most of what a page escapes (titles,
  /// summaries) has nothing to escape, and one test of a word finds that in a few instructions
  /// where a look at each byte took a dozen. A word with a byte that might need work (any
  /// control, newlines too) is looked at byte by byte.
  package static func append(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    guard let base = bytes.baseAddress else { return }
    let count = bytes.count
    work.withUnsafeBufferPointer { work in
      var runStart = 0
      var index = 0
      while index < count {
        let end: Int
        if count - index >= 8 {
          end = index + 8
          guard mightNeedWork(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
          else {
            index = end
            continue
          }
        } else {
          end = count
        }
        while index < end {
          let byte = base[index]
          if work[Int(byte)] {
            output.append(
              contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
            runStart = index + 1
            appendReplacement(of: byte, to: &output)
          }
          index += 1
        }
      }
      output.append(
        contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart))
    }
  }

  /// Whether any of eight bytes is a control, DEL or one of the five escaped characters: a
  /// superset of `needsWork` (tab, line feed and carriage return are looked at again).
  ///
  /// The usual bit tricks on a word: `x - 0x01…01 & ~x & 0x80…80` is not zero exactly when a byte
  /// of `x` is zero, and with `0x20…20` subtracted, when a byte is below 0x20; a byte equal to `c`
  /// is a zero byte of `x ^ c…c`.
  @inline(__always)
  private static func mightNeedWork(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func hasZeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
    @inline(__always) func hasByte(_ byte: UInt8) -> UInt64 {
      hasZeroByte(word ^ (ones &* UInt64(byte)))
    }
    let controls = (word &- ones &* 0x20) & ~word & highs
    return controls | hasByte(0x7F) | hasByte(0x26) | hasByte(0x3C) | hasByte(0x3E)
      | hasByte(0x22) | hasByte(0x27) != 0
  }

  /// Appends what a byte that `needsWork` becomes: its entity, or nothing for a control.
  private static func appendReplacement(of byte: UInt8, to output: inout [UInt8]) {
    switch byte {
    case 0x26: output.append(literal: "&amp;")
    case 0x3C: output.append(literal: "&lt;")
    case 0x3E: output.append(literal: "&gt;")
    case 0x22: output.append(literal: "&quot;")
    case 0x27: output.append(literal: "&#39;")
    default: break  // A control character HTML does not allow: dropped.
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
