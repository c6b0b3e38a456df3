import HeraldCore

extension SiteRenderer {
  /// What a planned file shows, as an edit's rebuild needs to know it: which archive page, which
  /// record's page, the feed, or a file it does not plan again.
  package enum Role: Sendable, Hashable {
    /// A page of an edition's archive, counted from 1.
    case archive(page: Int)
    /// A record's page.
    case announcement(id: String)
    /// An edition's feed.
    case feed
    /// A document apps read: the channel, a `live.json`, a release's manifest.
    case document
    /// A file that shows no record: the not-found page, the schema, an asset, `_headers`.
    case fixed
  }

  /// Each edition's environment (herald, herald.yaml, the theme, the options), in the order of
  /// `Edition.all`: what every file's fingerprint starts from.
  package static func environments(
    caching: RenderCaching, theme: Theme, options: BuildOptions, config: SiteConfig
  ) -> [Fingerprint] {
    Edition.all(config).map {
      EditionRenderer.environment(caching, theme: theme, options: options, edition: $0)
    }
  }

  /// Where a build puts the records (in every edition alike, the order being the records' own):
  /// what an edit's rebuild needs to know to place the records it renders.
  package struct Layout: Sendable {
    /// The archive's records' ids, newest first.
    package let archive: [String]
    /// The ids of the archive's walls, newest first.
    package let walls: [String]
    /// The feed's records' ids, newest first.
    package let feed: [String]
    /// How many pages the archive has.
    package let pageCount: Int
    /// How many records a page of the archive holds.
    package let pageSize: Int
    /// The ids of the records that a document apps read (a `live.json`, and so any manifest)
    /// holds.
    package let delivered: Set<String>
  }

  /// Where this build puts the records.
  package var layout: Layout {
    guard let root = editions.first else {
      return Layout(archive: [], walls: [], feed: [], pageCount: 1, pageSize: 1, delivered: [])
    }
    var delivered: Set<String> = []
    for platform in site.config.platforms {
      for announcement in root.selection.live(platform: platform.key) {
        delivered.insert(announcement.id)
      }
    }
    return Layout(
      archive: root.selection.archive.map(\.id), walls: root.archiveWalls.map(\.id),
      feed: root.feedRecords.map(\.id), pageCount: root.archivePageCount,
      pageSize: max(1, site.config.archivePageSize), delivered: delivered)
  }

  /// A file an edit's rebuild renders with a renderer made over only the records it shows,
  /// placed where the whole site puts them.
  package enum Placed: Sendable {
    /// A page of the archive: its number, the count of pages, its records' ids and, on the first
    /// page, the ids of the archive's walls.
    case archive(page: Int, of: Int, records: [String], walls: [String])
    /// The feed, with its records' ids.
    case feed([String])
    /// A file this renderer plans as the whole site does (a record's page, a fixed file).
    case planned(String)
  }

  /// Renders a placed file of an edition (`edition` counts as `Edition.all` does).
  ///
  /// Throws `PlacedError` for a record this renderer's site does not hold, or a file it does not
  /// plan; a `TemplateError` or `RenderError` as `render` does.
  package func render(_ placed: Placed, edition index: Int, into sink: inout ByteSink) throws {
    guard editions.indices.contains(index) else { throw PlacedError() }
    let edition = editions[index]
    func records(_ ids: [String]) throws -> [Announcement] {
      var byID: [String: Announcement] = [:]
      for announcement in edition.site.announcements { byID[announcement.id] = announcement }
      return try ids.map { id in
        guard let announcement = byID[id] else { throw PlacedError() }
        return announcement
      }
    }
    switch placed {
    case .archive(let page, let count, let ids, let walls):
      try edition.archive(
        page: page, of: count, records: try records(ids), walls: try records(walls), into: &sink)
    case .feed(let ids):
      sink.write(try edition.feed(try records(ids)))
    case .planned(let path):
      guard let file = file(at: path), file.edition == index else { throw PlacedError() }
      try edition.render(file, into: &sink)
    }
  }

  /// A placed file that this renderer cannot render: its records are not all in its site.
  package struct PlacedError: Error, Sendable {}
}

extension SiteRenderer.PlannedFile {
  /// What the file shows (`SiteRenderer.Role`).
  package var role: SiteRenderer.Role {
    switch content {
    case .archive(let page): return .archive(page: page)
    case .announcement(let announcement): return .announcement(id: announcement.id)
    case .feed: return .feed
    case .channel, .live, .release: return .document
    case .notFound, .schema, .bytes: return .fixed
    }
  }

  /// Which of the site's editions it belongs to, counted as `Edition.all` does.
  package var editionIndex: Int { edition }
}
