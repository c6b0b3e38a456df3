import HeraldCore

/// One `content/announcements/<id>.<locale>.md`: a record's words in one locale, in a file of
/// their own (front matter with `title` and `actionLabel`, the body below it).
package struct TranslationFile: Sendable {
  /// The file's path relative to the site.
  package let file: String
  /// The id of the record it translates, from its name.
  package let id: String
  /// The locale, from its name.
  package let locale: String
  /// The words, when the file could be read.
  package let translation: Translation?
  /// Where the file writes facts (a range, a severity, a date…), which belong in the record.
  package let facts: [(field: String, position: SourcePosition)]
  /// The problems of the file itself.
  package let diagnostics: [Diagnostic]

  /// The id and locale a file name gives, when it has the form `<id>.<locale>.md` with a
  /// well-formed tag (whose language has two or three letters, so `release.notes.md` stays a
  /// record).
  package static func parts(ofName name: String) -> (id: String, locale: String)? {
    guard name.hasByteSuffix(".md") else { return nil }
    let stem = name.utf8.dropLast(3)
    // Most names (`<id>.md`) have no other dot: told from their bytes, not the generic view.
    let hasDot = name.utf8.withContiguousStorageIfAvailable { bytes in
      bytes.dropLast(3).contains(UInt8(ascii: "."))
    }
    guard hasDot != false, let dot = stem.lastIndex(of: UInt8(ascii: ".")) else { return nil }
    let locale = String(name[name.utf8.index(after: dot)..<stem.endIndex])
    guard LocaleTag.canonical(locale) != nil else { return nil }
    return (String(name[..<dot]), locale)
  }
}

extension TranslationFile: CachedFileValue {
  static let cacheKind = "translation"

  var binary: [UInt8] {
    var writer = BinaryWriter()
    writer.write(file)
    writer.write(id)
    writer.write(locale)
    writer.write(translation) { writer, translation in writer.write(translation) }
    writer.write(facts) { writer, fact in
      writer.write(fact.field)
      writer.write(fact.position)
    }
    writer.write(diagnostics) { writer, diagnostic in writer.write(diagnostic) }
    return writer.bytes
  }

  static func cached(_ bytes: UnsafeRawBufferPointer, key: Fingerprint) throws(BinaryFormatError)
    -> TranslationFile
  {
    var reader = BinaryReader(bytes)
    let value = TranslationFile(
      file: try reader.string(), id: try reader.string(), locale: try reader.string(),
      translation: try reader.optional { (reader) throws(BinaryFormatError) in
        try reader.translation()
      },
      facts: try reader.list { (reader) throws(BinaryFormatError) in
        (field: try reader.string(), position: try reader.position())
      },
      diagnostics: try reader.list { (reader) throws(BinaryFormatError) in
        try reader.diagnostic()
      })
    guard reader.isAtEnd else { throw BinaryFormatError() }
    return value
  }

  /// The same: a translation's words need no key; its record's key takes in the file's.
  func keyed(_ key: Fingerprint) -> TranslationFile { self }
}

extension RecordFileReader {
  /// Reads a translation file; `facts` lists the record fields it should not hold.
  package func readTranslation(
    _ bytes: [UInt8], file: String, id: String, locale: String
  ) -> TranslationFile {
    func failed(_ diagnostics: [Diagnostic]) -> TranslationFile {
      TranslationFile(
        file: file, id: id, locale: locale, translation: nil, facts: [], diagnostics: diagnostics)
    }
    let parts: FrontMatter
    let text: String
    switch SourceText.decode(bytes, file: file) {
    case .success(let source): text = source.text
    case .failure(let error): return failed([error.diagnostic])
    }
    switch FrontMatter.split(text, file: file) {
    case .success(let split): parts = split
    case .failure(let error): return failed([error.diagnostic])
    }
    let root: SourceNode?
    switch YAMLReader.read(parts.yaml, file: file, firstLine: parts.yamlFirstLine) {
    case .success(let node): root = node
    case .failure(let error): return failed([error.diagnostic])
    }
    var reader = FieldReader(file: file)
    var entries: [SourceEntry] = []
    if let root {
      guard let mapping = reader.mapping(root, field: "the translation") else {
        return failed(reader.diagnostics)
      }
      entries = mapping
    }
    // The body is the text below the front matter, as in a record; the other translatable
    // fields are the words, and every other field of a record is a fact.
    let body = AnnouncementField.body.rawValue
    if let written = entries.first(where: { $0.key == body }) {
      reader.error(
        .bodyInFrontMatter, at: written.keyPosition,
        "a translation file's body is the text after the front matter, not a body field",
        hint: "move the text below the closing --- line")
      entries.removeAll { $0.key == body }
    }
    let words = Set(AnnouncementField.translatable.map(\.rawValue))
    let facts = entries.filter {
      AnnouncementField.names.contains($0.key) && !words.contains($0.key)
    }
    .map { (field: $0.key, position: $0.keyPosition) }
    let markdown = MarkdownBodyReader(
      file: file, firstLine: parts.bodyFirstLine, fixedPosition: nil,
      deepLinkSchemes: terms?.deepLinkSchemes ?? [])
    let read = markdown.read(parts.body)
    reader.append(contentsOf: read.diagnostics)
    let decoder = AnnouncementDecoder(terms: terms)
    _ = decoder.checkLocale(locale, at: .start, reader: &reader)
    let translation = decoder.decodeTranslation(
      entries.filter { !AnnouncementField.names.contains($0.key) || words.contains($0.key) },
      locale: locale, file: file, at: .start, body: read.body.blocks.isEmpty ? nil : read.body,
      bodyReader: nil, reader: &reader)
    return TranslationFile(
      file: file, id: id, locale: locale, translation: translation, facts: facts,
      diagnostics: reader.diagnostics)
  }
}
