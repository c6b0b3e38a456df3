/// The known entries of one mapping, in the order written, looked up by key: a field's case, or
/// its name.
///
/// A mapping has a dozen entries at most and its decoder asks for each about twice, so a short scan
/// beats hashing every name on the way in and out.
package struct FieldTable<Key: Equatable & Sendable>: Sendable {
  // Two arrays, so a lookup compares keys without copying (and retaining) the entries it passes.
  private var keys: [Key] = []
  private var entries: [SourceEntry] = []

  /// Makes an empty table with room for a number of entries.
  init(capacity: Int) {
    keys.reserveCapacity(capacity)
    entries.reserveCapacity(capacity)
  }

  /// The entry written for a key, or nil when the mapping does not have it.
  package subscript(key: Key) -> SourceEntry? {
    keys.firstIndex(of: key).map { entries[$0] }
  }

  /// Adds an entry whose key is not yet in the table.
  mutating func add(_ key: Key, _ entry: SourceEntry) {
    keys.append(key)
    entries.append(entry)
  }
}
