/// Writes one JSON object member by member, byte for byte as `JSONValue.object` writes it, for a
/// type that knows its members' sorted order and would otherwise build a tree only to write it.
///
/// The caller gives the members in their keys' sorted order; a test of each caller holds its bytes
/// equal to the `JSONValue` it stands for.
package struct JSONObjectWriter {
  private let indent: Int
  private var isEmpty = true

  /// Starts an object at an indentation depth (in spaces).
  package init(indent: Int) { self.indent = indent }

  /// Appends a member whose value `value` writes at the member's depth.
  package mutating func member(
    _ key: StaticString, to bytes: inout [UInt8], _ value: (inout [UInt8], Int) -> Void
  ) {
    bytes.append(literal: isEmpty ? "{\n" : ",\n")
    isEmpty = false
    JSONValue.writeIndent(indent + 2, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
    bytes.append(literal: key)
    bytes.append(literal: "\": ")
    value(&bytes, indent + 2)
  }

  /// Appends a member whose value is a string, or `null` when there is none.
  package mutating func member(_ key: StaticString, _ text: String?, to bytes: inout [UInt8]) {
    member(key, to: &bytes) { bytes, _ in
      if let text { JSONValue.writeString(text, to: &bytes) } else { bytes.append(literal: "null") }
    }
  }

  /// Appends a member whose value is a boolean.
  package mutating func member(_ key: StaticString, _ value: Bool, to bytes: inout [UInt8]) {
    member(key, to: &bytes) { bytes, _ in bytes.append(literal: value ? "true" : "false") }
  }

  /// Appends a member whose value is an array of strings.
  package mutating func member(_ key: StaticString, _ items: [String], to bytes: inout [UInt8]) {
    member(key, to: &bytes) { bytes, depth in
      guard !items.isEmpty else {
        bytes.append(literal: "[]")
        return
      }
      bytes.append(literal: "[\n")
      for (index, item) in items.enumerated() {
        JSONValue.writeIndent(depth + 2, to: &bytes)
        JSONValue.writeString(item, to: &bytes)
        bytes.append(literal: index == items.count - 1 ? "\n" : ",\n")
      }
      JSONValue.writeIndent(depth, to: &bytes)
      bytes.append(UInt8(ascii: "]"))
    }
  }

  /// Ends the object.
  package func finish(to bytes: inout [UInt8]) {
    guard !isEmpty else {
      bytes.append(literal: "{}")
      return
    }
    bytes.append(UInt8(ascii: "\n"))
    JSONValue.writeIndent(indent, to: &bytes)
    bytes.append(UInt8(ascii: "}"))
  }
}
