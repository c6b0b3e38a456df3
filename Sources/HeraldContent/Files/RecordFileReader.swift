import HeraldCore

/// Reads one record file (`.md` with front matter, or `.json`) into a checked record.
package struct RecordFileReader: Sendable {
  /// What of herald.yaml records are read in the light of, when herald.yaml could be read.
  let terms: RecordTerms?

  /// Makes a reader that checks records against a configuration (or without one).
  package init(config: SiteConfig?) { terms = config?.recordTerms }

  /// The kinds of record file.
  package enum Format: Sendable {
    /// YAML front matter and a Markdown body.
    case markdown
    /// A JSON object of the same fields.
    case json
  }

  /// Reads a record from its bytes; `file` is its path relative to the site.
  package func read(_ bytes: [UInt8], file: String, format: Format) -> DecodedRecord {
    let text: String
    switch SourceText.decode(bytes, file: file) {
    case .success(let source): text = source.text
    case .failure(let error): return .unreadable(file: file, diagnostics: [error.diagnostic])
    }
    switch format {
    case .markdown: return readMarkdown(text, file: file)
    case .json: return readJSON(text, file: file)
    }
  }

  private func readMarkdown(_ text: String, file: String) -> DecodedRecord {
    let parts: FrontMatter
    switch FrontMatter.split(text, file: file) {
    case .success(let split): parts = split
    case .failure(let error): return .unreadable(file: file, diagnostics: [error.diagnostic])
    }
    let root: SourceNode?
    switch YAMLReader.read(parts.yaml, file: file, firstLine: parts.yamlFirstLine) {
    case .success(let node): root = node
    case .failure(let error): return .unreadable(file: file, diagnostics: [error.diagnostic])
    }
    var reader = FieldReader(file: file)
    guard var entries = fieldEntries(root, reader: &reader) else {
      return .unreadable(file: file, diagnostics: reader.diagnostics)
    }
    if let bodyField = entries.first(where: { $0.key == AnnouncementField.body.rawValue }) {
      reader.error(
        .bodyInFrontMatter, at: bodyField.keyPosition,
        "a Markdown record's body is the text after the front matter, not a body field",
        hint: "move the text below the closing --- line")
      entries.removeAll { $0.key == AnnouncementField.body.rawValue }
    }
    let markdown = MarkdownBodyReader(
      file: file, firstLine: parts.bodyFirstLine, fixedPosition: nil,
      deepLinkSchemes: terms?.deepLinkSchemes ?? [])
    let body = markdown.read(parts.body)
    reader.append(contentsOf: body.diagnostics)
    return AnnouncementDecoder(terms: terms).decode(
      file: file, entries: entries, body: body.body, reader: reader,
      translationBody: { [self] node, reader in
        switch node.value {
        case .scalar(.plain(let text)), .scalar(.string(let text)):
          return markdownBody(text, file: file, at: node.position, reader: &reader)
        default:
          return reader.body(node)
        }
      })
  }

  /// A Markdown body written as one value (a JSON string, a translation's YAML text): every
  /// problem is reported at the value.
  private func markdownBody(
    _ text: String, file: String, at position: SourcePosition, reader: inout FieldReader
  ) -> AnnouncementBody {
    let markdown = MarkdownBodyReader(
      file: file, firstLine: position.line, fixedPosition: position,
      deepLinkSchemes: terms?.deepLinkSchemes ?? [])
    let body = markdown.read(text)
    reader.append(contentsOf: body.diagnostics)
    return body.body
  }

  private func readJSON(_ text: String, file: String) -> DecodedRecord {
    let root: SourceNode
    switch JSONReader.read(text, file: file) {
    case .success(let node): root = node
    case .failure(let error): return .unreadable(file: file, diagnostics: [error.diagnostic])
    }
    var reader = FieldReader(file: file)
    guard let entries = fieldEntries(root, reader: &reader) else {
      return .unreadable(file: file, diagnostics: reader.diagnostics)
    }
    var body = AnnouncementBody.empty
    if let bodyNode = entries.first(where: { $0.key == AnnouncementField.body.rawValue })?.value {
      body = readJSONBody(bodyNode, file: file, reader: &reader) ?? .empty
    }
    return AnnouncementDecoder(terms: terms).decode(
      file: file, entries: entries, body: body, start: root.position, reader: reader,
      translationBody: { [self] node, reader in readJSONBody(node, file: file, reader: &reader) })
  }

  /// The three JSON body forms: an object, a string holding that object, or a Markdown string.
  private func readJSONBody(_ node: SourceNode, file: String, reader: inout FieldReader)
    -> AnnouncementBody?
  {
    guard case .scalar(.string(let text)) = node.value else { return reader.body(node) }
    if text.trimmingWhitespace().hasPrefix("{") {
      switch JSONReader.read(text, file: file) {
      case .success(let inner):
        return reader.body(inner.relocated(to: node.position))
      case .failure(let error):
        reader.error(
          .invalidBody, at: node.position,
          "the body is a string that starts with \"{\" but is not a JSON object: "
            + error.diagnostic.message,
          hint: "write the body as an object, or as Markdown that does not start with {")
        return nil
      }
    }
    return markdownBody(text, file: file, at: node.position, reader: &reader)
  }

  /// The root's fields, or nil with a diagnostic when the root is not a mapping.
  private func fieldEntries(_ root: SourceNode?, reader: inout FieldReader) -> [SourceEntry]? {
    guard let root else { return [] }
    guard case .mapping(let entries) = root.value else {
      reader.error(
        .notAMapping, at: root.position,
        "a record must be a mapping of fields, not \(root.value.summary)",
        hint: "write one field per line, such as id: dark-mode")
      return nil
    }
    return entries
  }
}
