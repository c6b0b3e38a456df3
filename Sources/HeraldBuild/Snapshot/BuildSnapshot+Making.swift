import HeraldContent
import HeraldCore
import HeraldFiles
import HeraldRender

extension BuildSnapshot {
  /// What a build that planned every file leaves for the next one; nil when no edit could start
  /// from it: a site with translation files (an edit's rebuild reads records alone), a record
  /// not read through the cache, a file without a fingerprint.
  ///
  /// `problems` are the build's (warnings only: it succeeded), `readAt` the wall clock before
  /// the record files were looked at (for `FileSignature.isRacy`).
  package init?(
    loaded: LoadedSite, site: Site, renderer: SiteRenderer, problems: [Diagnostic],
    census: RecordCensus, inputs: Fingerprint, hasher: SipHasher, now: Timestamp, readAt: Int64
  ) {
    // One state per record file, in the records' order: no translation file, none unreadable.
    guard loaded.files.count == loaded.records.count,
      loaded.listing.records.count == loaded.records.count,
      zip(loaded.files, loaded.records).allSatisfy({ $0.file == $1.file })
    else { return nil }
    let layout = renderer.layout
    let made = Array(zip(loaded.records, loaded.files)).concurrentMap {
      decoded, state -> (Record, String)? in
      guard let announcement = decoded.announcement, announcement.source.key == state.record,
        !decoded.diagnostics.contains(where: { $0.severity == .error })
      else { return nil }
      let record = Record(
        signature: state.signature, content: state.content,
        isRacy: state.signature.isRacy(readAt: readAt), key: state.record,
        placement: announcement.placement(hasher: hasher),
        state: RecordMark.state(of: announcement, at: now),
        isDelivered: layout.delivered.contains(announcement.id))
      return (record, announcement.id)
    }
    let found = made.compactMap { $0 }
    guard found.count == made.count else { return nil }
    let records = found.map(\.0)
    let ids = found.map(\.1)
    var diagnostics: [Int: [Diagnostic]] = [:]
    for (place, decoded) in loaded.records.enumerated() where !decoded.diagnostics.isEmpty {
      diagnostics[place] = decoded.diagnostics
    }
    var places: [String: Int] = [:]
    places.reserveCapacity(ids.count)
    for (index, id) in ids.enumerated() { places[id] = index }
    func placed(_ ids: [String]) -> [Int]? {
      let found = ids.compactMap { places[$0] }
      return found.count == ids.count ? found : nil
    }
    guard let archive = placed(layout.archive), let walls = placed(layout.walls),
      let feed = placed(layout.feed), let files = Self.files(renderer.plan, places: places)
    else { return nil }
    let listing = loaded.listing
    let folder = Folder(
      path: listing.folder,
      // Read back from the signature alone only when every record is a file in the folder.
      signature: listing.records.allSatisfy { $0.linked == nil } ? listing.signature : nil,
      isRacy: listing.signature?.isRacy(readAt: readAt) ?? true,
      listing: Self.listing(listing, hasher: hasher))
    self.init(
      inputs: inputs, folder: folder, names: NameTable(listing.records.map(\.name)),
      span: StableSpan(around: now, of: site.announcements), records: records,
      ids: NameTable(ids), diagnostics: diagnostics, archive: archive, walls: walls, feed: feed,
      archivePageCount: layout.pageCount, pageSize: layout.pageSize, files: files,
      mapChecksum: nil, problems: Self.siteWide(problems, own: diagnostics), census: census)
  }

  /// The plan's files with their roles; nil when one has no fingerprint or names a record that
  /// is not there.
  private static func files(_ plan: [SiteRenderer.PlannedFile], places: [String: Int]) -> [File]? {
    var files: [File] = []
    files.reserveCapacity(plan.count)
    for planned in plan {
      guard let fingerprint = planned.fingerprint else { return nil }
      let role: Role
      switch planned.role {
      case .archive(let page): role = .archive(page: page)
      case .announcement(let id):
        guard let place = places[id] else { return nil }
        role = .announcement(record: place)
      case .feed: role = .feed
      case .document: role = .document
      case .fixed: role = .fixed
      }
      files.append(File(fingerprint: fingerprint, role: role, edition: planned.editionIndex))
    }
    return files
  }

  /// The problems that are not of one record's own file, each as often as it was found.
  static func siteWide(_ problems: [Diagnostic], own records: [Int: [Diagnostic]])
    -> [Diagnostic]
  {
    var own: [Diagnostic: Int] = [:]
    for diagnostics in records.values {
      for diagnostic in diagnostics { own[diagnostic, default: 0] += 1 }
    }
    guard !own.isEmpty else { return problems }
    return problems.filter { diagnostic in
      guard let count = own[diagnostic], count > 0 else { return true }
      own[diagnostic] = count - 1
      return false
    }
  }

  /// Every problem a build of this snapshot reports, sorted: the site's, and each record's own.
  package var allProblems: [Diagnostic] {
    (problems + diagnostics.values.flatMap { $0 }).sorted()
  }
}
