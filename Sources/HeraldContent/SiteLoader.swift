import Foundation
import HeraldCore
import HeraldFiles

/// Loads a site folder into the checked model: herald.yaml, then every record file, then the rules
/// that need all records at once.
package struct SiteLoader: Sendable {
  /// The folder of announcement records, relative to the site.
  package static let announcementsFolder = "content/announcements"

  /// The site folder.
  package let siteDirectory: String
  /// Records kept from an earlier run, if any.
  package let cache: (any RecordCache)?
  /// A record file read from these bytes instead of the disk (the composer's draft): its name in
  /// the announcements folder (`id.md`), whether or not a file of that name exists.
  package var draft: (name: String, bytes: [UInt8])?

  /// Makes a loader for a site folder.
  package init(siteDirectory: String) {
    self.siteDirectory = siteDirectory
    cache = nil
  }

  /// Makes a loader for a site folder that reuses the records a cache kept.
  package init(siteDirectory: String, cache: (any RecordCache)?) {
    self.siteDirectory = siteDirectory
    self.cache = cache
  }

  /// Reads and checks the whole site; throws only when the site cannot be read at all.
  ///
  /// Nothing outside the site folder is read: a symbolic link that leaves it is an error naming the
  /// link and its target, as are FIFOs, devices and link loops where a file should be.
  package func load() throws(SiteLoadError) -> LoadedSite {
    // The database is read on a thread of its own while the files are listed and stat'ed.
    cache?.startReading()
    let site = try openSite()
    let read = try readConfiguration(in: site)
    var diagnostics = read.diagnostics
    let config = read.config
    let configuration = read.configuration
    // The parts of loading are traced on their own: what an edit spends here is most of it.
    let listing = try BuildTrace.measure("list the records") { () throws(SiteLoadError) in
      try announcementFiles(in: site)
    }
    diagnostics += listing.problems
    let reader = RecordFileReader(config: config)
    // Kept under herald.yaml's terms for records, not its bytes: a new title reuses them all.
    let cached = configuration.flatMap { _ in
      cache.map {
        CachedRecords(
          cache: $0, terms: RecordKeys.terms(config?.recordTerms, hasher: $0.hasher()))
      }
    }
    let files = listing.records.map(\.file)
    let signatures =
      cached == nil
      ? Array(repeating: nil, count: files.count)
      : BuildTrace.measure("stat the records") { listing.recordSignatures() }
    let contents = BuildTrace.measure("match the cache's files") {
      Self.contents(files: files, signatures: signatures, cached: cached)
    }
    // Files in the folder itself are read by their names relative to it: one lookup each.
    let open = listing.records.isEmpty ? nil : OpenFolder(listing.folder)
    let loaded = BuildTrace.measure("read the records") {
      Array(listing.records.indices).concurrentMap { index in
        let entry = listing.records[index]
        return load(
          file: files[index], path: entry.path, signature: signatures[index],
          content: contents[index], cached: cached,
          in: entry.linked == nil ? open.map { ($0, entry.name) } : nil,
          parse: { bytes, file in reader.read(bytes, file: file, format: entry.format) },
          unreadable: { DecodedRecord.unreadable(file: $0.file, diagnostics: [$0]) })
      }
    }
    var records = loaded.map(\.0)
    if let draft {
      let file = Self.announcementsFolder + "/" + draft.name
      let record = reader.read(draft.bytes, file: file, format: .markdown)
      if let index = listing.records.firstIndex(where: { $0.name == draft.name }) {
        records[index] = record
      } else {
        records.append(record)
      }
    }
    for record in records { diagnostics += record.diagnostics }
    diagnostics += DuplicateIDRule.diagnostics(for: records)
    let translations = merge(
      listing.translations, into: &records, reader: reader, cached: cached)
    diagnostics += translations.diagnostics
    if let config { diagnostics += TranslationRules.untranslatedWalls(records, config: config) }
    return LoadedSite(
      config: config, records: records, diagnostics: diagnostics.sorted(),
      configuration: configuration, files: loaded.compactMap(\.1) + translations.files,
      listing: listing)
  }

  /// The site folder, opened; throws when it cannot be read at all.
  package func openSite() throws(SiteLoadError) -> ConfinedFolder {
    switch ConfinedFolder.open(siteDirectory) {
    case .success(let folder): return folder
    case .failure(.missing): throw .siteNotFound(siteDirectory)
    case .failure(.notAFolder(let what)): throw .siteNotAFolder(siteDirectory, what)
    case .failure(let problem): throw .unreadable(problem.message(for: siteDirectory))
    }
  }

  /// herald.yaml, read: the configuration when it is valid, its problems, and (with a cache) the
  /// fingerprint of its bytes.
  package func readConfiguration(in site: ConfinedFolder) throws(SiteLoadError) -> (
    config: SiteConfig?, diagnostics: [Diagnostic], configuration: Fingerprint?
  ) {
    switch site.read(SiteConfigDecoder.fileName) {
    case .success(let bytes):
      let configuration = cache.map { RecordKeys.configuration(bytes, hasher: $0.hasher()) }
      let read = SiteConfigReader.read(bytes)
      return (read.config, read.diagnostics, configuration)
    case .failure(.missing): throw .configNotFound(siteDirectory)
    case .failure(.unreadable(let reason)):
      throw .unreadable("\(siteDirectory)/\(SiteConfigDecoder.fileName): \(reason)")
    case .failure(let problem):
      return (nil, [problem.diagnostic(SiteConfigDecoder.fileName)], nil)
    }
  }

  /// One file's value: kept by the cache when the file's metadata (`signature`, taken just
  /// before, and found as it was: `content`), or else its bytes, are as they were; otherwise
  /// parsed (and kept).
  ///
  /// A file that cannot be read gets `unreadable`'s value. With `folder`, the file (at `path`) is
  /// read by its name relative to that open folder.
  func load<Value: CachedFileValue>(
    file: String, path: String, signature: FileSignature?, content: Fingerprint?,
    cached: CachedRecords?, in folder: (open: OpenFolder, name: String)? = nil,
    parse: ([UInt8], String) -> Value, unreadable: (Diagnostic) -> Value
  ) -> (Value, RecordFileState?) {
    if let (value, state): (Value, RecordFileState) = cached?.unchanged(
      file: file, signature: signature, content: content)
    {
      return (value, state)
    }
    let read =
      folder.map { $0.open.readRegularWithSignature($0.name, path: path) }
      ?? FileSystem.readRegularWithSignature(path)
    switch read {
    case .success(let (bytes, signature)):
      guard let cached else { return (parse(bytes, file), nil) }
      let (value, state) = cached.value(file: file, bytes: bytes, signature: signature) {
        parse(bytes, file)
      }
      return (value, state)
    case .failure(let error):
      return (
        unreadable(
          Diagnostic(
            file: file, position: .start, code: .unreadableFile,
            message: "the file cannot be read: \(error.reason)",
            hint: "check the file's permissions")), nil
      )
    }
  }

  /// Each file's metadata, taken before the cache is first used (its database is still being read
  /// meanwhile, and its first use waits for it); none without a cache, which would not use them.
  static func signatures(of paths: [String], cached: CachedRecords?) -> [FileSignature?] {
    guard cached != nil else { return Array(repeating: nil, count: paths.count) }
    return paths.concurrentMap { FileSignature.of($0) }
  }

  /// The fingerprint of each file's bytes that the cache holds for its metadata as just taken, in
  /// one walk of the files (which come in path order); none without a cache.
  static func contents(files: [String], signatures: [FileSignature?], cached: CachedRecords?)
    -> [Fingerprint?]
  {
    cached?.cache.fingerprints(files: files, signatures: signatures)
      ?? Array(repeating: nil, count: files.count)
  }

  /// A record file found in the announcements folder, at its resolved path.
  package struct RecordEntry: Sendable {
    /// Its name in the folder.
    package let name: String
    /// Where the link it is leads (inside the site), or nil for a file in the folder itself.
    package let linked: String?
    /// Markdown or JSON.
    package let format: RecordFileReader.Format
    /// The folder's resolved path.
    let folder: String

    /// A record file in a folder (its path, when a link, resolved inside the site).
    package init(name: String, path: String, folder: String) {
      self.name = name
      self.folder = folder
      format = name.hasByteSuffix(".json") ? .json : .markdown
      let isHere =
        path.utf8.count == folder.utf8.count + 1 + name.utf8.count && path.hasPrefix(folder)
        && path.hasByteSuffix(name)
      linked = isHere ? nil : path
    }

    /// A record file in the folder itself (not a link).
    package init(name: String, inFolder folder: String) {
      self.name = name
      self.folder = folder
      format = name.hasByteSuffix(".json") ? .json : .markdown
      linked = nil
    }

    /// Its path, links resolved inside the site.
    package var path: String { linked ?? String.joining(folder, "/", name) }

    /// Its metadata: a file in the folder by its name, relative to the open folder (one lookup),
    /// and one a link leads to by its path.
    package func signature(in open: OpenFolder?) -> FileSignature? {
      if linked == nil, let open { return open.signature(of: name) }
      return FileSignature.of(path)
    }

    /// Its path relative to the site, as diagnostics and the cache name it.
    package var file: String { SiteLoader.announcementsFolder + "/" + name }
  }

  /// A translation file (`<id>.<locale>.md`) found in the announcements folder.
  package struct TranslationEntry: Sendable {
    let name: String
    let path: String
    let id: String
    let locale: String
  }

  /// The announcements folder as listed: its entries, the record files in path order, the
  /// translation files, and a diagnostic for everything else.
  package struct Listing: Sendable {
    /// The folder's resolved path (empty when it cannot be listed).
    package var folder = ""
    /// The folder's own signature, taken before it was read.
    package var signature: FileSignature?
    /// Every entry of the folder as listed (empty when the folder cannot be listed).
    package var listed: [ConfinedFolder.Listed] = []
    /// The record files, in path order.
    package var records: [RecordEntry] = []
    /// The translation files.
    package var translations: [TranslationEntry] = []
    /// What is wrong with the folder or an entry of it.
    package var problems: [Diagnostic] = []

    /// An empty listing.
    package init() {}

    init(
      folder: String, signature: FileSignature?, listed: [ConfinedFolder.Listed],
      records: [RecordEntry], translations: [TranslationEntry], problems: [Diagnostic]
    ) {
      self.folder = folder
      self.signature = signature
      self.listed = listed
      self.records = records
      self.translations = translations
      self.problems = problems
    }
  }

  /// The record files in path order, and a diagnostic for everything else in the folder.
  package func announcementFiles(in site: ConfinedFolder) throws(SiteLoadError) -> Listing {
    let folder = Self.announcementsFolder
    let listing: ConfinedFolder.Listing
    switch site.listing(folder) {
    case .success(let listed): listing = listed
    case .failure(.missing):
      var listing = Listing()
      listing.problems = [missingFolder(in: site)]
      return listing
    case .failure(.unreadable(let reason)):
      throw .unreadable("\(siteDirectory)/\(folder): \(reason)")
    case .failure(let problem):
      var listing = Listing()
      listing.problems = [problem.diagnostic(folder)]
      return listing
    }
    var records: [RecordEntry] = []
    var translations: [TranslationEntry] = []
    var problems: [Diagnostic] = []
    for item in listing.entries {
      let name = item.name
      // Only a problem names the file: ten thousand records need not build the string.
      var file: String { folder + "/" + name }
      let format: RecordFileReader.Format? =
        name.hasByteSuffix(".md") ? .markdown : name.hasByteSuffix(".json") ? .json : nil
      let translation = format == .markdown ? TranslationFile.parts(ofName: name) : nil
      switch item.entry {
      case .success(.file(let path)) where translation != nil:
        if let translation {
          translations.append(
            TranslationEntry(
              name: name, path: path, id: translation.id, locale: translation.locale))
        }
      case .success(.file(let path)) where format != nil:
        records.append(RecordEntry(name: name, path: path, folder: listing.folder))
      case .success(.directory):
        problems.append(
          unexpected(
            file,
            "the folder \(name) is not read: records are .md or .json files directly in \(folder)"
          ))
      case .success(.file):
        problems.append(
          unexpected(file, "\(name) is not a record and is not read: records end in .md or .json"))
      case .success(.special(let what)) where format != nil:
        problems.append(SiteFileProblem.notAFile(what: what).diagnostic(file))
      case .success(.special(let what)):
        problems.append(unexpected(file, "\(name) is \(what) and is not read"))
      case .failure(let problem):
        problems.append(problem.diagnostic(file))
      }
    }
    return Listing(
      folder: listing.folder, signature: listing.signature, listed: listing.entries,
      records: records, translations: translations, problems: problems)
  }

  private func unexpected(_ file: String, _ message: String) -> Diagnostic {
    Diagnostic(
      file: file, position: .start, severity: .warning, code: .unexpectedFile, message: message,
      hint: "move it out of \(Self.announcementsFolder), or rename it")
  }

  /// The error for a site without its announcements folder, suggesting a near miss
  /// (`content/Announcements`) when there is one.
  private func missingFolder(in site: ConfinedFolder) -> Diagnostic {
    let folder = Self.announcementsFolder
    var hint = "create \(folder)/ and put one .md or .json file per announcement in it"
    var candidates: [String] = []
    if case .success(let top) = site.list() {
      for item in top where item.name.lowercased() == "content" {
        candidates.append(item.name + "/announcements")
        if case .success(let inner) = site.list(item.name) {
          candidates += inner.map { item.name + "/" + $0.name }
        }
      }
    }
    if let near = NearestName.suggestion(for: folder, among: candidates.filter { $0 != folder }) {
      hint = "did you mean \(near)? herald reads \(folder), spelled exactly"
    } else if case .success(.file) = site.entry("content") {
      hint = "content is a file; make it a folder that holds announcements/"
    }
    return Diagnostic(
      file: folder, position: .start, code: .missingAnnouncements,
      message: "the site has no \(folder) folder, so it has no announcements", hint: hint)
  }
}

/// Why a site could not be read at all (exit status 74), as opposed to content with errors.
package enum SiteLoadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The site folder does not exist.
  case siteNotFound(String)
  /// The site path is a file or something else, not a folder.
  case siteNotAFolder(String, String)
  /// The site folder has no herald.yaml.
  case configNotFound(String)
  /// A file or folder exists but the system refuses to read it (the message says which and why).
  case unreadable(String)

  /// A message for standard error.
  package var description: String {
    switch self {
    case .siteNotFound(let path): return "the site folder \(path) does not exist"
    case .siteNotAFolder(let path, let what): return "the site \(path) is \(what), not a folder"
    case .configNotFound(let path): return "there is no herald.yaml in \(path)"
    case .unreadable(let message): return message
    }
  }

  /// What to do about it.
  package var hint: String {
    switch self {
    case .siteNotFound, .siteNotAFolder, .configNotFound:
      return "run herald in a site folder, or pass --site DIR"
    case .unreadable: return "check the file's permissions"
    }
  }
}

extension SiteLoader.Listing {
  /// Each record file's metadata, taken on every core: a file listed in the folder by its name
  /// alone, relative to the open folder (one lookup), and one a link leads to elsewhere in the
  /// site by its path.
  package func recordSignatures() -> [FileSignature?] {
    let open = OpenFolder(folder)
    return records.concurrentMap { $0.signature(in: open) }
  }
}
