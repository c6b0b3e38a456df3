/// The one rule that needs every record at once: an id is used by one record only.
package enum DuplicateIDRule {
  /// A diagnostic for every record whose id an earlier file (in path order) already uses; the
  /// message names both files.
  package static func diagnostics(for records: [DecodedRecord]) -> [Diagnostic] {
    // Positions sorted by file, then (stably) by id, so each id's records are together with the
    // first file first: no id is hashed, and a record, a large value, is read in place. The
    // loader lists files in path order already, so the first sort finds one run. An id is a slug
    // (ASCII), so its bytes are equal exactly when the strings are.
    let byFile = Array(records.indices).sortedBytewise(by: { records[$0].file })
    let byID = byFile.filter { records[$0].id != nil }.sortedBytewise(by: {
      records[$0].id?.text ?? ""
    })
    var diagnostics: [Diagnostic] = []
    var first = 0
    for position in byID.indices {
      guard let id = records[byID[position]].id else { continue }
      guard position > 0, records[byID[position - 1]].id?.text == id.text else {
        first = position
        continue
      }
      let firstUse = records[byID[first]]
      diagnostics.append(
        Diagnostic(
          file: records[byID[position]].file, position: id.position, code: .duplicateID,
          message:
            "id \"\(id.text)\" is also used by \(firstUse.file):\(firstUse.id?.position.line ?? 1)",
          hint: "ids key seen state and URLs; give one of the two records a new id"))
    }
    return diagnostics
  }
}
