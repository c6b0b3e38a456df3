/// Writes one JSON object member by member, as herald writes every object: one member a line,
/// two spaces deeper than the braces, `{}` when empty.
///
/// `JSONValue.object` writes through it after sorting its keys; a type that knows its members'
/// sorted order writes through it without building a tree (a test of each such type holds its
/// bytes equal to its `Codable` encoding's).
package struct JSONObjectWriter {
  private let indent: Int
  private var isEmpty = true

  /// Starts an object at an indentation depth (in spaces).
  package init(indent: Int) { self.indent = indent }

  /// Appends a member whose value `value` writes at the depth it is given.
  package mutating func member(
    _ key: String, to sink: inout ByteSink, _ value: (inout ByteSink, Int) -> Void
  ) {
    sink.bytes.append(literal: isEmpty ? "{\n" : ",\n")
    isEmpty = false
    JSONValue.writeIndent(indent + 2, to: &sink.bytes)
    JSONValue.writeString(key, to: &sink.bytes)
    sink.bytes.append(literal: ": ")
    value(&sink, indent + 2)
  }

  /// Appends a member whose value is a string, or `null` when there is none.
  package mutating func member(_ key: String, _ text: String?, to sink: inout ByteSink) {
    member(key, to: &sink) { sink, _ in
      if let text {
        JSONValue.writeString(text, to: &sink.bytes)
      } else {
        sink.bytes.append(literal: "null")
      }
    }
  }

  /// Appends a member whose value is a boolean.
  package mutating func member(_ key: String, _ value: Bool, to sink: inout ByteSink) {
    member(key, to: &sink) { sink, _ in sink.bytes.append(literal: value ? "true" : "false") }
  }

  /// Appends a member whose value is an array of strings.
  package mutating func member(_ key: String, _ items: [String], to sink: inout ByteSink) {
    member(key, to: &sink) {
      JSONValue.array(items.map(JSONValue.string)).write(to: &$0, indent: $1)
    }
  }

  /// Ends the object.
  package func finish(to sink: inout ByteSink) {
    guard !isEmpty else {
      sink.bytes.append(literal: "{}")
      return
    }
    sink.bytes.append(UInt8(ascii: "\n"))
    JSONValue.writeIndent(indent, to: &sink.bytes)
    sink.bytes.append(UInt8(ascii: "}"))
  }
}
