/// A name a template looks up, with a tag of its bytes worked out once, when the template is
/// parsed.
///
/// An object's members carry the same tag of their names, so a lookup passes over a member whose
/// tag differs with one comparison of two integers, and compares names only when the tags match.
/// A page looks up about forty names, each among a few dozen members; comparing every member's
/// name was most of what rendering a page cost besides copying its text.
struct TemplateKey: Sendable, Hashable {
  /// The name.
  let name: String
  /// `tag(of: name)`.
  let tag: UInt64

  /// A key for a name.
  init(_ name: String) {
    self.name = name
    tag = Self.tag(of: name)
  }

  /// The name's length and first eight bytes in one word: equal names have equal tags, and two
  /// names of a theme rarely share one (when they do, the names are compared).
  ///
  /// Not a hash of every byte: members are made by the million in a large build (two dozen for
  /// each record's card), and hashing their names cost more than it saved the lookups.
  static func tag(of name: String) -> UInt64 {
    var name = name
    return name.withUTF8 { bytes in
      let count = bytes.count
      var word: UInt64 = 0
      if count >= 8, let base = bytes.baseAddress {
        word = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
      } else {
        for index in 0..<count { word |= UInt64(bytes[index]) << (8 * UInt64(index)) }
      }
      return word ^ (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15)
    }
  }
}
