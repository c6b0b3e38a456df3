/// A JSON document as herald writes it: keys sorted, two-space indentation, a final newline, so the
/// same value always gives the same bytes and a reviewer can read a diff of it.
public indirect enum JSONValue: Sendable, Hashable {
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

  /// A string, or `null` when the value is absent.
  public static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

  /// The document's text: sorted keys, two-space indentation and a final newline.
  public var document: String {
    var text = ""
    write(to: &text, indent: 0)
    text += "\n"
    return text
  }

  private func write(to text: inout String, indent: Int) {
    switch self {
    case .null: text += "null"
    case .bool(let value): text += value ? "true" : "false"
    case .integer(let value): text += String(value)
    case .string(let value): Self.writeString(value, to: &text)
    case .array(let items):
      guard !items.isEmpty else {
        text += "[]"
        return
      }
      text += "[\n"
      for (index, item) in items.enumerated() {
        text += String(repeating: " ", count: indent + 2)
        item.write(to: &text, indent: indent + 2)
        text += index == items.count - 1 ? "\n" : ",\n"
      }
      text += String(repeating: " ", count: indent) + "]"
    case .object(let members):
      guard !members.isEmpty else {
        text += "{}"
        return
      }
      text += "{\n"
      let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      for (index, key) in keys.enumerated() {
        text += String(repeating: " ", count: indent + 2)
        Self.writeString(key, to: &text)
        text += ": "
        members[key, default: .null].write(to: &text, indent: indent + 2)
        text += index == keys.count - 1 ? "\n" : ",\n"
      }
      text += String(repeating: " ", count: indent) + "}"
    }
  }

  private static func writeString(_ value: String, to text: inout String) {
    text += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "\u{08}": text += "\\b"
      case "\u{0C}": text += "\\f"
      case "\u{2028}": text += "\\u2028"
      case "\u{2029}": text += "\\u2029"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16)
          text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          text.unicodeScalars.append(scalar)
        }
      }
    }
    text += "\""
  }
}
