/// The known fields of one mapping, in the order written, looked up by field.
///
/// A record has a dozen fields and its decoder asks for each about twice, so a short scan by enum
/// case beats hashing the field's name each time.
package struct FieldTable<Field: RawRepresentable & Equatable & Sendable>: Sendable
where Field.RawValue == String {
  // Two arrays, so a lookup compares cases without copying (and retaining) the entries it passes.
  private var fields: [Field] = []
  private var entries: [SourceEntry] = []

  /// Makes an empty table with room for a number of fields.
  init(capacity: Int) {
    fields.reserveCapacity(capacity)
    entries.reserveCapacity(capacity)
  }

  /// The entry written for a field, or nil when the mapping does not have it.
  package subscript(field: Field) -> SourceEntry? {
    fields.firstIndex(of: field).map { entries[$0] }
  }

  /// Adds a field not yet in the table.
  mutating func add(_ field: Field, _ entry: SourceEntry) {
    fields.append(field)
    entries.append(entry)
  }
}
