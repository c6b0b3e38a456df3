import HeraldCore
import HeraldFiles

extension SiteLoader {
  /// Reads every translation file and adds its words to the record with its id; returns the
  /// files' problems: their own, a fact that belongs in the record, a record that does not exist,
  /// a locale translated twice.
  func merge(
    _ entries: [TranslationEntry], into records: inout [DecodedRecord], reader: RecordFileReader
  ) -> [Diagnostic] {
    guard !entries.isEmpty else { return [] }
    var byID: [String: Int] = [:]
    for (index, record) in records.enumerated() {
      if let id = record.id?.text, byID[id] == nil { byID[id] = index }
    }
    let read = entries.concurrentMap { entry -> (TranslationFile, [UInt8]) in
      let file = Self.announcementsFolder + "/" + entry.name
      switch FileSystem.readRegular(entry.path) {
      case .success(let bytes):
        return (
          reader.readTranslation(bytes, file: file, id: entry.id, locale: entry.locale), bytes
        )
      case .failure(let error):
        let problem = Diagnostic(
          file: file, position: .start, code: .unreadableFile,
          message: "the file cannot be read: \(error.reason)", hint: "check the file's permissions")
        return (
          TranslationFile(
            file: file, id: entry.id, locale: entry.locale, translation: nil, facts: [],
            diagnostics: [problem]), []
        )
      }
    }
    var diagnostics: [Diagnostic] = []
    var added: [Int: [(TranslationFile, [UInt8])]] = [:]
    for (translation, bytes) in read {
      diagnostics += translation.diagnostics
      guard let index = byID[translation.id] else {
        diagnostics.append(
          Diagnostic(
            file: translation.file, position: .start, code: .orphanTranslation,
            message: "no record has the id \(translation.id), so this translation has no record",
            hint: "name the file <id>.\(translation.locale).md after an existing record's id"))
        continue
      }
      let main = records[index].file
      for fact in translation.facts {
        diagnostics.append(
          Diagnostic(
            file: translation.file, position: fact.position, code: .factInTranslation,
            message: "\(fact.field) belongs in \(main), not in a translation",
            hint: "a translation file holds only title, actionLabel and the body"))
      }
      if let inline = records[index].announcement?.translations[translation.locale] {
        diagnostics.append(
          Diagnostic(
            file: translation.file, position: .start, code: .duplicateTranslation,
            message: "\(main):\(inline.position.line) already translates it into "
              + translation.locale,
            hint: "keep one of the two"))
        continue
      }
      added[index, default: []].append((translation, bytes))
    }
    for (index, files) in added {
      records[index] = records[index].adding(files, hasher: cache?.hasher())
    }
    return diagnostics
  }
}

extension DecodedRecord {
  /// The record with the words of its translation files, keyed by its own file and theirs.
  fileprivate func adding(_ files: [(TranslationFile, [UInt8])], hasher: SipHasher?)
    -> DecodedRecord
  {
    guard let announcement else { return self }
    var more: [String: Translation] = [:]
    for (file, _) in files { more[file.locale] = file.translation }
    var key: Fingerprint?
    if var hasher, let own = announcement.source.key {
      hasher.combine("translated")
      hasher.combine(own)
      for (file, bytes) in files.sorted(by: { $0.0.file.precedesBytewise($1.0.file) }) {
        hasher.combine(file.file)
        hasher.combine(bytes)
      }
      key = hasher.finalize()
    }
    return DecodedRecord(
      file: file, id: id, announcement: announcement.adding(more, key: key),
      diagnostics: diagnostics)
  }
}
