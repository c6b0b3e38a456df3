import HeraldCore

extension SiteLoader {
  /// Reads every translation file (through the cache, as records are read) and adds its words to
  /// the record with its id; returns the files' problems (their own, a fact that belongs in the
  /// record, a record that does not exist, a locale translated twice) and what the cache keeps.
  func merge(
    _ entries: [TranslationEntry], into records: inout [DecodedRecord],
    reader: RecordFileReader, cached: CachedRecords?
  ) -> (diagnostics: [Diagnostic], files: [RecordFileState]) {
    guard !entries.isEmpty else { return ([], []) }
    var byID: [String: Int] = [:]
    for (index, record) in records.enumerated() {
      if let id = record.id?.text, byID[id] == nil { byID[id] = index }
    }
    let files = entries.map { Self.announcementsFolder + "/" + $0.name }
    let signatures = Self.signatures(of: entries.map(\.path), cached: cached)
    let contents = Self.contents(files: files, signatures: signatures, cached: cached)
    let read = Array(entries.indices).concurrentMap { index in
      let entry = entries[index]
      return load(
        file: files[index], path: entry.path, signature: signatures[index],
        content: contents[index], cached: cached,
        parse: { bytes, file in
          reader.readTranslation(bytes, file: file, id: entry.id, locale: entry.locale)
        },
        unreadable: {
          TranslationFile(
            file: $0.file, id: entry.id, locale: entry.locale, translation: nil, facts: [],
            diagnostics: [$0])
        })
    }
    var diagnostics: [Diagnostic] = []
    var added: [Int: [(TranslationFile, RecordFileState?)]] = [:]
    for (translation, state) in read {
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
      added[index, default: []].append((translation, state))
    }
    for (index, files) in added {
      records[index] = records[index].adding(files, hasher: cache?.hasher())
    }
    return (diagnostics, read.compactMap(\.1))
  }
}

extension DecodedRecord {
  /// The record with the words of its translation files, keyed by its own file and theirs (the
  /// fingerprints of their bytes, which the cache took).
  fileprivate func adding(_ files: [(TranslationFile, RecordFileState?)], hasher: SipHasher?)
    -> DecodedRecord
  {
    guard let announcement else { return self }
    var more: [String: Translation] = [:]
    for (file, _) in files { more[file.locale] = file.translation }
    var key: Fingerprint?
    let contents = files.compactMap(\.1).sortedBytewise { $0.file }
    if var hasher, let own = announcement.sourceKey, contents.count == files.count {
      hasher.combine("translated")
      hasher.combine(own)
      for state in contents {
        hasher.combine(state.file)
        hasher.combine(state.content)
      }
      key = hasher.finalize()
    }
    return DecodedRecord(
      file: file, id: id, announcement: announcement.adding(more, key: key),
      diagnostics: diagnostics)
  }
}
