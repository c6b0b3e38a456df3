/// A JSON document as herald writes it: keys sorted, two-space indentation, a final newline, so the
/// same value always gives the same bytes and a reviewer can read a diff of it.
package enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer.
  case integer(Int)
  /// A string.
  case string(String)
  /// An array, in order.
  case array([JSONValue])
  /// An object; keys are written in sorted order whatever order they were added in.
  case object([String: JSONValue])
  /// A value already written, to be placed as is (re-indented when its depth differs).
  case preformatted(PreformattedJSON)

  /// A string, or `null` when the value is absent.
  package static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

  /// The document's text: sorted keys, two-space indentation and a final newline.
  package var document: String { String(decoding: documentBytes, as: UTF8.self) }

  /// The document's UTF-8 bytes, as `document`.
  package var documentBytes: [UInt8] {
    var sink = ByteSink(capacity: estimatedSize + 64)
    writeDocument(to: &sink)
    return sink.bytes
  }

  /// Writes the document's bytes, as `documentBytes`, into a sink that may hand them on in pieces.
  package func writeDocument(to sink: inout ByteSink) {
    write(to: &sink, indent: 0)
    sink.bytes.append(0x0A)
  }

  /// About how many bytes the value takes, so a large document's buffer is allocated once.
  var estimatedSize: Int {
    switch self {
    case .null, .bool, .integer: return 8
    case .string(let value): return value.utf8.count + 2
    case .array(let items): return items.reduce(2) { $0 + $1.estimatedSize + 8 }
    case .object(let members):
      return members.reduce(2) { $0 + $1.key.utf8.count + $1.value.estimatedSize + 8 }
    case .preformatted(let value): return value.bytes.count + 8
    }
  }

  /// Writes the value at an indentation depth into a sink, which may hand on a long array's items
  /// as they are written.
  func write(to sink: inout ByteSink, indent: Int) {
    switch self {
    case .null: sink.bytes.append(literal: "null")
    case .bool(let value): sink.bytes.append(literal: value ? "true" : "false")
    case .integer(let value): sink.bytes.append(utf8Of: String(value))
    case .string(let value): Self.writeString(value, to: &sink.bytes)
    case .array(let items):
      guard !items.isEmpty else {
        sink.bytes.append(literal: "[]")
        return
      }
      sink.bytes.append(literal: "[\n")
      for (index, item) in items.enumerated() {
        Self.writeIndent(indent + 2, to: &sink.bytes)
        item.write(to: &sink, indent: indent + 2)
        sink.bytes.append(literal: index == items.count - 1 ? "\n" : ",\n")
        sink.handOnIfFull()
      }
      Self.writeIndent(indent, to: &sink.bytes)
      sink.bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      var object = JSONObjectWriter(indent: indent)
      for member in members.sorted(by: { $0.key < $1.key }) {
        object.member(member.key, to: &sink) { member.value.write(to: &$0, indent: $1) }
      }
      object.finish(to: &sink)
    case .preformatted(let value):
      value.write(to: &sink.bytes, indent: indent)
    }
  }

  private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

  /// Appends `count` spaces.
  static func writeIndent(_ count: Int, to bytes: inout [UInt8]) {
    guard count <= spaces.count else {
      bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
      return
    }
    spaces.withUnsafeBufferPointer {
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count]))
    }
  }

  /// Bytes that need escaping in a JSON string: `"`, `\\`, controls, DEL, and 0xE2 (the first byte
  /// of U+2028 and U+2029, which are checked further).
  private static let needsCare: [Bool] = (0..<256).map {
    $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2
  }

  /// Appends a string as a JSON string literal, quoted and escaped.
  static func writeString(_ value: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { utf8 in
      needsCare.withUnsafeBufferPointer { care in
        var runStart = 0
        var index = 0
        let count = utf8.count
        while index < count {
          let byte = utf8[index]
          guard care[Int(byte)] else {
            index += 1
            continue
          }
          let escape: String
          var width = 1
          switch byte {
          case UInt8(ascii: "\""): escape = "\\\""
          case UInt8(ascii: "\\"): escape = "\\\\"
          case 0x0A: escape = "\\n"
          case 0x0D: escape = "\\r"
          case 0x09: escape = "\\t"
          case 0x08: escape = "\\b"
          case 0x0C: escape = "\\f"
          case 0xE2:
            // U+2028 and U+2029 are valid JSON but end lines in JavaScript.
            guard index + 2 < count, utf8[index + 1] == 0x80,
              utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9
            else {
              index += 1
              continue
            }
            escape = utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
            width = 3
          default:
            let hex = String(byte, radix: 16)
            escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
          }
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
          bytes.append(utf8Of: escape)
          index += width
          runStart = index
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

/// A JSON value written once and placed in many documents, such as a manifest row that every
/// release's manifest of a platform repeats.
package struct PreformattedJSON: Sendable, Hashable {
  /// The value's bytes, written at `indent`.
  package let bytes: [UInt8]
  /// The depth the bytes were written at.
  package let indent: Int

  /// Takes bytes written earlier at an indentation depth.
  package init(bytes: [UInt8], indent: Int) {
    self.bytes = bytes
    self.indent = indent
  }

  /// Writes a value for placement at an indentation depth.
  package init(_ value: JSONValue, indent: Int) {
    self.init(indent: indent) { value.write(to: &$0, indent: indent) }
  }

  /// Keeps what `write` writes for placement at an indentation depth.
  package init(indent: Int, writing write: (inout ByteSink) -> Void) {
    var sink = ByteSink()
    write(&sink)
    // Kept for the whole build, thousands of them: without the spare capacity the buffer grew by.
    bytes = sink.bytes.withUnsafeBufferPointer { Array($0) }
    self.indent = indent
  }

  /// Appends the bytes, moving every line after the first by the difference in depth (a JSON
  /// string never holds a raw line break, so every line break is layout, and every later line
  /// starts with at least `indent` spaces).
  func write(to output: inout [UInt8], indent target: Int) {
    guard target != indent else {
      output.append(contentsOf: bytes)
      return
    }
    var lineStart = bytes.startIndex
    var first = true
    while lineStart < bytes.endIndex {
      let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.endIndex
      if first {
        output.append(contentsOf: bytes[lineStart..<lineEnd])
        first = false
      } else {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: target))
        output.append(contentsOf: bytes[min(lineStart + indent, lineEnd)..<lineEnd])
      }
      lineStart = lineEnd
    }
  }
}
