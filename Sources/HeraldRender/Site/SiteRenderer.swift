import HeraldCore

/// Plans and renders every file of the output tree (DESIGN §3) from a valid site and a theme: one
/// edition for a one-language site, and for a site with several locales the root edition plus
/// one per locale (DESIGN §6).
///
/// Nothing is rendered up front: `prepare` makes, in parallel, the fragments (bodies, cards, rows)
/// the files about to be rendered need, and `render` renders one file. With a cache, every file of
/// the plan has a fingerprint of everything it is made from, so a build can tell an unchanged
/// file without rendering it.
package struct SiteRenderer: Sendable {
  /// The site.
  package let site: Site
  /// The build's options.
  package let options: BuildOptions
  /// Each edition's renderer, the root first.
  let editions: [EditionRenderer]

  /// Prepares a render: which records go where, and the plan of files.
  package init(site: Site, theme: Theme, options: BuildOptions) {
    self.init(site: site, theme: theme, options: options, caching: nil)
  }

  /// Prepares a render that reuses (and keeps) fragments in a cache, and fingerprints every file.
  package init(site: Site, theme: Theme, options: BuildOptions, caching: RenderCaching?) {
    self.site = site
    self.options = options
    let planned = Edition.all(site.config).concurrentMap { edition in
      let renderer = EditionRenderer(
        site: site, edition: edition, theme: theme, options: options, caching: caching)
      return (renderer, renderer.makePlan())
    }
    editions = planned.map(\.0)
    var files = planned.first?.1 ?? []
    for (index, (_, plan)) in planned.enumerated().dropFirst() {
      files += plan.map { file in
        var file = file
        file.edition = index
        return file
      }
    }
    // One edition's plan is sorted already.
    plan = editions.count == 1 ? files : files.sortedBytewise(by: \.path)
    paths = plan.map(\.path)
    appDocuments = plan.filter(\.isAppDocument)
    var placement: [String: (wave: Int, isLarge: Bool)] = [:]
    for file in files where file.wave != PlannedFile.pagesWave || file.isLarge {
      placement[file.path] = (file.wave, file.isLarge)
    }
    self.placement = placement
  }

  /// The wave of each file that does not render with the pages, or is large (the manifests, the
  /// archives and the feeds: a few dozen), and whether it is large.
  private let placement: [String: (wave: Int, isLarge: Bool)]

  /// The paths in the waves to prepare and render them in: the manifests; then the records'
  /// pages, the feed and the other small files; then the archive.
  ///
  /// In each wave the large files come first (each platform's live.json, the feed), so that no core
  /// is left rendering one of them alone at the end; the archive has its wave to itself.
  ///
  /// `prepare` lets go of what the previous wave needed, so a build holds the rows or the cards,
  /// never both (at 10,000 records that is 14 MB less at the peak, for writing each body twice).
  /// Each page makes its record's card as it renders, from the value it renders the page with,
  /// and the archive, which shows every card, comes after them.
  ///
  /// An edit's rebuild keeps the waves too: rendering its archive and live.json at once, in one
  /// wave, was 2-3% faster and held 15-17% more at its peak (596 MB rather than 511 at 50,000
  /// records).
  package func waves(_ paths: [String]) -> [[String]] {
    var waves = [[String]](repeating: [], count: PlannedFile.waveCount)
    var large = waves
    for path in paths {
      let place = placement[path]
      let wave = place?.wave ?? PlannedFile.pagesWave
      if place?.isLarge == true { large[wave].append(path) } else { waves[wave].append(path) }
    }
    return zip(large, waves).map { $0 + $1 }
  }

  /// One file of the output, rendered on demand so a large site is never all in memory.
  package struct PlannedFile: Sendable {
    /// The path relative to the output folder.
    package let path: String
    let content: Content
    /// The fingerprint of everything the file is made from, when the build has a cache.
    package internal(set) var fingerprint: Fingerprint?

    /// Which of the site's editions it belongs to.
    var edition = 0

    init(path: String, content: Content) {
      self.path = path
      self.content = content
    }

    enum Content: Sendable {
      /// A page of the archive, counted from 1.
      case archive(page: Int)
      case notFound
      case announcement(Announcement)
      case feed
      case channel
      case schema
      case live(PlatformSettings)
      case release(PlatformSettings, Version)
      case bytes([UInt8])
    }

    /// The wave the file renders in: the manifests, made of rows, first; then the records' pages,
    /// the feed and the other small files; then the archive, made of every card.
    ///
    /// The archive renders alone, so its ten thousand entries are made on every core (a file
    /// rendering beside another renders on one) and its pieces are written beside it.
    var wave: Int {
      switch content {
      case .channel, .schema, .live, .release: return 0
      case .archive: return 2
      case .announcement, .feed, .notFound, .bytes: return Self.pagesWave
      }
    }

    /// Whether an app reads the file (a channel index, a release's manifest, a live.json), and so
    /// a signed channel's statement lists it.
    package var isAppDocument: Bool {
      switch content {
      case .channel, .live, .release: return true
      default: return false
      }
    }

    /// Whether the file is a channel index, which names the other documents by their bytes and
    /// so is rendered after them (`render(_:objects:into:)`).
    package var isChannel: Bool {
      if case .channel = content { return true }
      return false
    }

    /// Whether apps read the file through its content-addressed copy (a release's manifest, a
    /// live.json: DESIGN §3).
    package var hasObject: Bool { isAppDocument && !isChannel }

    /// The wave of the records' pages.
    static let pagesWave = 1
    /// How many waves there are.
    static let waveCount = 3

    /// Whether the file holds many records (the feed, a platform's live.json), and so takes far
    /// longer to render than a record's page.
    var isLarge: Bool {
      switch content {
      case .feed, .live: return true
      default: return false
      }
    }
  }

  /// Every file of the tree, sorted by path.
  package let plan: [PlannedFile]

  /// The files apps read (channel indexes, release manifests, each `live.json`), in plan order: a
  /// few dozen of the plan's thousands, which the point and sign steps go through.
  package let appDocuments: [PlannedFile]

  /// The planned file at a path, found by its place in the sorted plan: a table of ten thousand
  /// paths cost more to make, on one core, than the lookups of a whole build.
  package func file(at path: String) -> PlannedFile? {
    index(of: path).map { plan[$0] }
  }

  /// Where a path is in the plan, found by binary search.
  private func index(of path: String) -> Int? {
    let low = paths.lowerBoundBytewise(of: path) { $0 }
    return low < paths.count && paths[low] == path ? low : nil
  }

  /// The plan's paths, searched without copying its files.
  private let paths: [String]

  /// Makes, in parallel, every body, card and row that the files at these paths need, and lets go
  /// of those they do not; a path not in the plan is passed over.
  package func prepare(_ paths: [String]) throws {
    let found = indices(of: paths)
    guard editions.count > 1 else { return try editions.first?.prepare(found, of: plan) ?? () }
    var byEdition = [[Int]](repeating: [], count: editions.count)
    for index in found { byEdition[plan[index].edition].append(index) }
    for (edition, own) in zip(editions, byEdition) { try edition.prepare(own, of: plan) }
  }

  /// Where the files at these paths are in the plan, in the paths' order.
  ///
  /// A wave lists its files mostly in the plan's order, so each is looked for first just after
  /// the one before it: ten thousand pages cost ten thousand comparisons, not a search (or a
  /// hash) each.
  func indices(of paths: [String]) -> [Int] {
    var found: [Int] = []
    found.reserveCapacity(paths.count)
    var next = 0
    for path in paths {
      if next < self.paths.count, self.paths[next] == path {
        found.append(next)
        next += 1
      } else if let index = index(of: path) {
        found.append(index)
        next = index + 1
      }
    }
    return found
  }

  /// Renders one planned file's bytes; throws a `TemplateError` for a template that fails while
  /// rendering, or a `RenderError` when libxml2 fails.
  package func render(_ file: PlannedFile) throws -> [UInt8] {
    var sink = ByteSink()
    try render(file, into: &sink)
    return sink.bytes
  }

  /// Renders one planned file into a sink, which may hand a large file's bytes on in pieces; a
  /// channel names the copies in `objects`, by the output path of their documents.
  package func render(
    _ file: PlannedFile, objects: [String: ChannelIndex.DocumentObject] = [:],
    into sink: inout ByteSink
  ) throws {
    try editions[file.edition].render(file, objects: objects, into: &sink)
  }

  /// The base URL every file's URL starts with.
  package var baseURL: String { editions[0].urls.base }

  /// The size problems of every document apps read, in every edition (`ChannelBudget`), with
  /// the rows made (or read from the cache) on every core first.
  package func budgetDiagnostics() -> [Diagnostic] {
    for edition in editions {
      try? edition.fragments.prepare(
        bodies: [], cards: [], pages: [],
        rows: edition.manifests.writer.rowJobs(platforms: site.config.platforms))
    }
    return ChannelBudget.diagnostics(editions.map(\.manifests)).sorted()
  }

  /// The keys of every fragment the site's files are made from, so a cache keeps them.
  package func fragmentKeys() -> [Fingerprint] {
    editions.flatMap { $0.fragmentKeys() }
  }
}
