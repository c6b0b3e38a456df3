/// The one rule that needs every record at once: an id is used by one record only.
package enum DuplicateIDRule {
  /// A diagnostic for every record whose id an earlier file (in path order) already uses; the
  /// message names both files.
  package static func diagnostics(for records: [DecodedRecord]) -> [Diagnostic] {
    var firstUse: [String: (file: String, position: SourcePosition)] = [:]
    var diagnostics: [Diagnostic] = []
    // Sorting positions rather than records: a record is a large value.
    let order = records.indices.sorted {
      records[$0].file < records[$1].file
    }
    for record in order.map({ records[$0] }) {
      guard let id = record.id else { continue }
      if let first = firstUse[id.text] {
        diagnostics.append(
          Diagnostic(
            file: record.file, position: id.position, code: .duplicateID,
            message: "id \"\(id.text)\" is also used by \(first.file):\(first.position.line)",
            hint: "ids key seen state and URLs; give one of the two records a new id"))
      } else {
        firstUse[id.text] = (record.file, id.position)
      }
    }
    return diagnostics
  }
}
