/// The result of reading one record file: the record when it is valid, and every problem found.
package struct DecodedRecord: Sendable {
  /// The file's path relative to the site.
  package let file: String
  /// The id as written, when it is a valid slug, with its position (for the duplicate-id rule).
  package let id: (text: String, position: SourcePosition)?
  /// The typed record, or nil when the file has errors.
  package let announcement: Announcement?
  /// Every problem found in the file.
  package let diagnostics: [Diagnostic]

  /// Makes a result.
  package init(
    file: String, id: (text: String, position: SourcePosition)?, announcement: Announcement?,
    diagnostics: [Diagnostic]
  ) {
    self.file = file
    self.id = id
    self.announcement = announcement
    self.diagnostics = diagnostics
  }

  /// A file that could not be read as a record at all.
  package static func unreadable(file: String, diagnostics: [Diagnostic]) -> DecodedRecord {
    DecodedRecord(file: file, id: nil, announcement: nil, diagnostics: diagnostics)
  }

  /// The same record, its announcement marked with the fingerprint of what it was read from.
  package func keyed(_ key: Fingerprint) -> DecodedRecord {
    DecodedRecord(
      file: file, id: id, announcement: announcement?.keyed(key), diagnostics: diagnostics)
  }
}
