extension Array where Element == UInt8 {
  /// Appends a text's UTF-8 bytes in one copy.
  ///
  /// `append(contentsOf: text.utf8)` goes through the generic sequence path, which costs a few
  /// hundred instructions a call; output is made of thousands of short pieces.
  @inlinable
  package mutating func append(utf8Of text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }

  /// Appends a literal's UTF-8 bytes in one copy.
  @inlinable
  package mutating func append(literal: StaticString) {
    literal.withUTF8Buffer { append(contentsOf: $0) }
  }
}
