import HeraldCore

/// A Markdown record as written, untyped: its front matter's entries and its body's text, for the
/// composer to fill its form from (the rules stay `RecordFileReader`'s).
package struct WrittenRecord: Sendable {
  /// The front matter's keys and values, in the order written.
  package let entries: [SourceEntry]
  /// The text after the front matter.
  package let body: String

  /// Reads a `.md` record's front matter and body; nil when it is no record file at all (no
  /// front matter, a YAML error, front matter that is not a mapping).
  package static func read(_ bytes: [UInt8], file: String) -> WrittenRecord? {
    guard case .success(let source) = SourceText.decode(bytes, file: file),
      case .success(let parts) = FrontMatter.split(source.text, file: file),
      case .success(let root) = YAMLReader.read(
        parts.yaml, file: file, firstLine: parts.yamlFirstLine)
    else { return nil }
    guard let root else { return WrittenRecord(entries: [], body: parts.body) }
    guard case .mapping(let entries) = root.value else { return nil }
    return WrittenRecord(entries: entries, body: parts.body)
  }
}
