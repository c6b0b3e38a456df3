/// The one rule that needs every record at once: an id is used by one record only.
package enum DuplicateIDRule {
  /// A diagnostic for every record whose id an earlier file (in path order) already uses; the
  /// message names both files.
  package static func diagnostics(for records: [DecodedRecord]) -> [Diagnostic] {
    var firstUse: [String: (file: String, position: SourcePosition)] = [:]
    firstUse.reserveCapacity(records.count)
    var diagnostics: [Diagnostic] = []
    // Sorting positions rather than records, and reading each in place: a record is a large
    // value. The loader lists files in this order already, so the sort finds one run.
    for index in Array(records.indices).sortedBytewise(by: { records[$0].file }) {
      guard let id = records[index].id else { continue }
      let file = records[index].file
      if let first = firstUse[id.text] {
        diagnostics.append(
          Diagnostic(
            file: file, position: id.position, code: .duplicateID,
            message: "id \"\(id.text)\" is also used by \(first.file):\(first.position.line)",
            hint: "ids key seen state and URLs; give one of the two records a new id"))
      } else {
        firstUse[id.text] = (file, id.position)
      }
    }
    return diagnostics
  }
}
