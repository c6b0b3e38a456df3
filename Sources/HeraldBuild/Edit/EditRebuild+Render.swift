import HeraldContent
import HeraldCore
import HeraldFiles
import HeraldRender

extension EditRebuild {
  /// A file to render, placed where the whole site puts it.
  fileprivate struct Job: Sendable {
    let path: String
    let placed: SiteRenderer.Placed
    let edition: Int
  }

  /// A record file that is not what the snapshot says after all (it changed while this build
  /// looked at it): the whole site's build reads it again.
  struct ChangedMeanwhile: Error {}

  /// What some files of the output show: each one placed, and the records they need; nil when
  /// one of them is not a file an edit renders (a document apps read, a path not planned).
  struct Work: Sendable {
    fileprivate var jobs: [Job] = []
    var shown: Set<Int> = []

    /// Whether there is nothing to render.
    var isEmpty: Bool { jobs.isEmpty }
  }

  /// The work of rendering files at these places of the plan.
  func work(_ files: [(path: String, place: Int)], of snapshot: BuildSnapshot) -> Work? {
    var work = Work()
    for (path, place) in files {
      let file = snapshot.files[place]
      let placed: SiteRenderer.Placed
      switch file.role {
      case .document: return nil
      case .fixed: placed = .planned(path)
      case .announcement(let record):
        work.shown.insert(record)
        placed = .planned(path)
      case .archive(let page):
        let records = Array(snapshot.archivePage(page))
        let walls = page == 1 ? snapshot.walls : []
        work.shown.formUnion(records + walls)
        placed = .archive(
          page: page, of: snapshot.archivePageCount, records: records.map(ids(snapshot)),
          walls: walls.map(ids(snapshot)))
      case .feed:
        work.shown.formUnion(snapshot.feed)
        placed = .feed(snapshot.feed.map(ids(snapshot)))
      }
      work.jobs.append(Job(path: path, placed: placed, edition: file.edition))
    }
    return work
  }

  /// The work of rendering the files the output lacks; nil as `work` says.
  func work(pending: [String], of snapshot: BuildSnapshot, paths: [String]) -> Work? {
    var files: [(path: String, place: Int)] = []
    for path in pending {
      // The paths are sorted: a pending file (one or two, usually) is found by a search.
      guard let place = Self.place(of: path, in: paths) else { return nil }
      files.append((path, place))
    }
    return work(files, of: snapshot)
  }

  /// A renderer made over only the records at these places.
  func renderer(showing shown: Set<Int>, of edit: Edit) throws(ChangedMeanwhile) -> SiteRenderer {
    let site = Site(config: config, announcements: try records(shown, of: edit))
    return SiteRenderer(site: site, theme: theme, options: build.options)
  }

  /// Renders work into staging.
  func render(_ work: Work, with renderer: SiteRenderer, into transaction: OutputTransaction)
    throws
  {
    let jobs = work.jobs
    let count = jobs.count
    _ = try jobs.concurrentMap { job in
      let file = try transaction.open(job.path, amongst: count)
      try renderer.render(job.placed, edition: job.edition, into: &file.sink)
      try file.close()
    }
  }

  /// Where a path is among sorted paths, by binary search.
  static func place(of path: String, in paths: [String]) -> Int? {
    var (low, high) = (0, paths.count)
    while low < high {
      let middle = (low + high) / 2
      if paths[middle].precedesBytewise(path) { low = middle + 1 } else { high = middle }
    }
    return low < paths.count && paths[low] == path ? low : nil
  }

  private func ids(_ snapshot: BuildSnapshot) -> @Sendable (Int) -> String {
    { snapshot.ids[$0] }
  }

  /// The records at these places: the edited ones as read, the others read from their files,
  /// whose metadata says they are as the snapshot has them, keyed as it keys them.
  private func records(_ places: Set<Int>, of edit: Edit) throws(ChangedMeanwhile)
    -> [Announcement]
  {
    let reader = RecordFileReader(config: config)
    let read = places.sorted().concurrentMap { place -> Announcement? in
      if let edited = edit.edited[place] { return edited }
      let entry = files.entry(at: place)
      let record = edit.snapshot.records[place]
      guard
        case .success(let (bytes, signature)) = FileSystem.readRegularWithSignature(entry.path),
        signature == record.signature
      else { return nil }
      return reader.read(bytes, file: entry.file, format: entry.format).keyed(record.key)
        .announcement
    }
    let found = read.compactMap { $0 }
    guard found.count == read.count else { throw ChangedMeanwhile() }
    return found
  }
}
