import Foundation
import HeraldContent
import HeraldCore

/// The site at a git revision, made from the working site's records: a record file git says is
/// the same at the revision as in the working tree is the working site's record (same bytes, same
/// herald.yaml: the same record), and only the files that differ are read from git and parsed.
///
/// Ten thousand records and one edited: one file from git, not ten thousand written to a
/// temporary folder and read back. Where that is not the same as reading the revision's folder
/// (herald.yaml differs, a link, a translation file beside a changed record), it declines and
/// `GitRevisionSite` extracts the folder.
struct GitBaseSite {
  /// The site at the revision, through its valid records.
  let site: Site
  /// Whether any of its records has errors.
  let hasErrors: Bool

  /// The base, or nil where only a folder of the revision gives it; throws what git says.
  ///
  /// `fetched` holds the bytes of record files already read from git (`fetchChanged`), by path
  /// in the site; the others it needs are read here.
  static func make(
    revision: String, siteDirectory: String, tree: GitRevisionSite.Tree,
    fetched: [String: [UInt8]] = [:], head: LoadedSite
  ) throws(GitRevisionSite.Failure) -> GitBaseSite? {
    guard let config = head.config else { return nil }
    guard !tree.entries.contains(where: \.isLink), !tree.changed.contains("herald.yaml"),
      tree.entries.contains(where: { $0.relative == "herald.yaml" })
    else { return nil }
    let folder = SiteLoader.announcementsFolder + "/"
    // Where each of the working site's records is, by file: positions, not copies of ten thousand
    // records.
    var headRecords: [String: Int] = [:]
    headRecords.reserveCapacity(head.records.count)
    for (index, record) in head.records.enumerated() { headRecords[record.file] = index }
    // The ids with translation files, looked for only once a changed record needs them.
    var translated: Set<String>?
    func hasTranslations(_ stem: String) -> Bool {
      if translated == nil {
        translated = Set(
          tree.entries.compactMap { entry -> String? in
            entry.relative.hasPrefix(folder)
              ? TranslationFile.parts(ofName: String(entry.relative.dropFirst(folder.count)))?.id
              : nil
          })
      }
      return translated?.contains(stem) ?? false
    }
    var fromGit: [(entry: GitRevisionSite.Entry, format: RecordFileReader.Format)] = []
    // Each record of the base: the working site's at a position, or one read from git.
    var records: [(file: String, kept: Int?)] = []
    for entry in tree.entries where entry.relative.hasPrefix(folder) {
      let name = String(entry.relative.dropFirst(folder.count))
      guard !name.contains("/") else { continue }
      if TranslationFile.parts(ofName: name) != nil {
        // A translation file that differs changes its record's words: the folder says how.
        if tree.changed.contains(entry.relative) { return nil }
        continue
      }
      let format: RecordFileReader.Format? =
        name.hasByteSuffix(".md") ? .markdown : name.hasByteSuffix(".json") ? .json : nil
      guard let format else { continue }
      if !tree.changed.contains(entry.relative), let kept = headRecords[entry.relative] {
        records.append((entry.relative, kept))
      } else {
        // A changed record with translation files of its own would lose their words here.
        let stem = String(name.dropLast(format == .json ? 5 : 3))
        if hasTranslations(stem) { return nil }
        fromGit.append((entry, format))
        records.append((entry.relative, nil))
      }
    }
    var fetched = fetched
    fetched.merge(
      try bytes(of: fromGit.map(\.entry).filter { fetched[$0.relative] == nil }, in: siteDirectory)
    ) { kept, _ in kept }
    let bytes = fromGit.map { fetched[$0.entry.relative] }
    let reader = RecordFileReader(config: config)
    var parsed: [String: DecodedRecord] = [:]
    for ((entry, format), content) in zip(fromGit, bytes) {
      guard let content else {
        throw GitRevisionSite.Failure(
          message: "git has no object \(entry.object) for \(entry.path) at \(revision)")
      }
      parsed[entry.relative] = reader.read(content, file: entry.relative, format: format)
    }
    let decoded = records.compactMap { record in
      record.kept.map { head.records[$0] } ?? parsed[record.file]
    }
    let hasErrors =
      decoded.contains { $0.diagnostics.contains { $0.severity == .error } }
      || !DuplicateIDRule.diagnostics(for: decoded).isEmpty
    return GitBaseSite(
      site: Site(config: config, announcements: decoded.compactMap(\.announcement)),
      hasErrors: hasErrors)
  }

  /// The record files in the site whose working copy differs from the revision: those `make`
  /// reads from git, which `diff` reads while the working site loads.
  static func changedRecords(in tree: GitRevisionSite.Tree) -> [GitRevisionSite.Entry] {
    let folder = SiteLoader.announcementsFolder + "/"
    return tree.entries.filter { entry in
      guard tree.changed.contains(entry.relative), !entry.isLink, entry.relative.hasPrefix(folder)
      else { return false }
      let name = String(entry.relative.dropFirst(folder.count))
      return !name.contains("/") && (name.hasByteSuffix(".md") || name.hasByteSuffix(".json"))
        && TranslationFile.parts(ofName: name) == nil
    }
  }

  /// The bytes of the changed record files at the revision, by path in the site, read by one git
  /// process.
  static func fetchChanged(in tree: GitRevisionSite.Tree, siteDirectory: String)
    throws(GitRevisionSite.Failure) -> [String: [UInt8]]
  {
    try bytes(of: changedRecords(in: tree), in: siteDirectory)
  }

  /// The bytes of entries' objects by path in the site, read by one git process (an object git
  /// does not have is left out).
  private static func bytes(of entries: [GitRevisionSite.Entry], in siteDirectory: String)
    throws(GitRevisionSite.Failure) -> [String: [UInt8]]
  {
    guard !entries.isEmpty else { return [:] }
    let objects = try GitRevisionSite.objects(entries.map(\.object), in: siteDirectory)
    var bytes: [String: [UInt8]] = [:]
    for (entry, object) in zip(entries, objects) { bytes[entry.relative] = object }
    return bytes
  }
}
