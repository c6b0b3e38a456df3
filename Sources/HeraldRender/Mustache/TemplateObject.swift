/// The members of a template object: a few named values, found by a scan of their names.
///
/// A page's or a card's object has a few dozen members, made once and read a few times, so a
/// list beats a hash table: no hashing of every name on the way in and out, and one allocation.
/// Equality ignores the order of the members, as a dictionary's does.
package struct TemplateObject: Sendable, Hashable, ExpressibleByDictionaryLiteral {
  /// One member: a name and its value.
  package struct Member: Sendable, Hashable {
    /// The name a template looks it up by.
    let key: String
    /// The value.
    var value: TemplateValue

    /// A member named `key`.
    package init(_ key: String, _ value: TemplateValue) {
      self.key = key
      self.value = value
    }
  }

  private var members: [Member]

  /// An object with no members.
  package init() { members = [] }

  /// An object with these members; a name given twice keeps the later value.
  package init(dictionaryLiteral elements: (String, TemplateValue)...) {
    self.init(pairs: elements)
  }

  /// An object with these members, in this order; a name given twice keeps the later value.
  package init(pairs: [(String, TemplateValue)]) {
    members = pairs.map { Member($0.0, $0.1) }
  }

  /// An object with these members, in this order; a name given twice keeps the later value.
  ///
  /// Unlike a dictionary literal, the list is kept as it is given, not copied member by member
  /// from a list of pairs: a record's card is built this way thousands of times.
  package init(members: [Member]) {
    self.members = members
  }

  /// Adds the members of another object after these; a name in both is looked up as the other's.
  package mutating func append(contentsOf other: TemplateObject) {
    members.append(contentsOf: other.members)
  }

  /// An object with the members of a dictionary.
  package init(_ dictionary: [String: TemplateValue]) {
    members = dictionary.map { Member($0.key, $0.value) }
  }

  /// The number of names (a name given twice counts once).
  package var count: Int { Set(members.map(\.key)).count }

  /// The members as a dictionary.
  package var dictionary: [String: TemplateValue] {
    var result: [String: TemplateValue] = [:]
    for member in members { result[member.key] = member.value }
    return result
  }

  /// The value of the member a template's key names, nil when there is none.
  func value(for key: TemplateKey) -> TemplateValue? {
    lastIndex(of: key).map { members[$0].value }
  }

  /// The value of a member (nil when there is none); setting nil removes it.
  package subscript(key: String) -> TemplateValue? {
    get { value(for: TemplateKey(key)) }
    set {
      if let index = lastIndex(of: TemplateKey(key)) {
        if let newValue {
          members[index].value = newValue
        } else {
          members.removeAll { $0.key == key }
        }
      } else if let newValue {
        members.append(Member(key, newValue))
      }
    }
  }

  /// Where the member of a name is, from the end, so that of two members with one name the later
  /// wins.
  private func lastIndex(of key: TemplateKey) -> Int? {
    // Read in place, through a buffer pointer, rather than each member taken out by subscript.
    members.withUnsafeBufferPointer { members in
      var index = members.count - 1
      while index >= 0 {
        if members[index].key == key.name { return index }
        index -= 1
      }
      return nil
    }
  }

  /// Whether two objects have the same names with equal values, in any order.
  package static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
    lhs.dictionary == rhs.dictionary
  }

  /// Hashes the members in an order-free way, as equality ignores their order.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(dictionary)
  }
}
