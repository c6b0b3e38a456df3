import HeraldCore

extension ManifestWriter {
  /// A document an app reads, by its size as written: what the size budgets judge.
  struct DocumentSize: Sendable {
    /// The path under the output folder.
    let path: String
    /// Its bytes as written, the final newline included.
    let bytes: Int
    /// The records that weigh most in it (`heaviestNamed` at most), with their rows' bytes,
    /// heaviest first.
    let rows: [(id: String, bytes: Int)]
    /// Who reads it: "every app of ios 1.8.0", "every unlisted ios version", "every app".
    let readers: String
  }

  /// The size of every document of the edition an app reads: the channel, and each platform's
  /// `live.json` and release manifests; worked out from the rows' sizes, not written.
  func documentSizes() throws(DocumentError) -> [DocumentSize] {
    var sizes = [
      DocumentSize(
        path: OutputPaths.channel(urls.edition), bytes: try channel().documentBytes.count, rows: [],
        readers: "every app")
    ]
    for platform in site.config.platforms {
      let live = selection.live(platform: platform.key)
      // Each row's size once: every release's manifest holds some of the live rows.
      let rowSizes = RowSizes(
        live: live,
        bytes: try live.map { (record) throws(DocumentError) in
          try fragments.row(record, platform: platform).bytes.count
        })
      sizes.append(
        try size(
          ManifestDocument<ManifestRow>(
            scope: .live, platform: platform.key, version: nil,
            updated: Self.latestChange(live),
            nextChangeAt: selection.nextChange(platform: platform.key), announcements: []),
          records: live, rowSizes: rowSizes,
          path: OutputPaths.liveManifest(platform: platform.key, urls.edition),
          readers: "every \(platform.key) version it does not list (every hotfix)"))
      for version in platform.sortedReleases {
        let records = selection.manifest(platform: platform.key, version: version)
        sizes.append(
          try size(
            ManifestDocument<ManifestRow>(
              scope: .release, platform: platform.key, version: version.text,
              updated: Self.latestChange(records),
              nextChangeAt: selection.nextChange(platform: platform.key, version: version),
              announcements: []),
            records: records, rowSizes: rowSizes,
            path: OutputPaths.manifest(platform: platform.key, version: version, urls.edition),
            readers: "every app of \(platform.key) \(version)"))
      }
    }
    return sizes
  }

  /// How many of a document's heaviest records a size problem names.
  static let heaviestNamed = 5

  /// A document's size: its bytes without rows, and each row at the rows' depth, on a line of
  /// its own after a comma (`[\n`, then per row its indent, the row and `,\n`, then `\n  ]`).
  private func size(
    _ empty: ManifestDocument<ManifestRow>, records: [Announcement], rowSizes: RowSizes,
    path: String, readers: String
  ) throws(DocumentError) -> DocumentSize {
    var total = records.isEmpty ? 2 : 4
    var cursor = 0
    // The heaviest few, kept in order as the rows go by: no sort of a thousand rows per document.
    var heaviest: [(id: String, bytes: Int)] = []
    func heavier(_ a: (id: String, bytes: Int), _ b: (id: String, bytes: Int)) -> Bool {
      a.bytes != b.bytes ? a.bytes > b.bytes : a.id < b.id
    }
    for record in records {
      let bytes = rowSizes.bytes(of: record, from: &cursor)
      total += bytes + Self.rowIndent + 2
      let row = (id: record.id, bytes: bytes)
      guard heaviest.count < Self.heaviestNamed || heavier(row, heaviest[heaviest.count - 1])
      else { continue }
      let place = heaviest.firstIndex { heavier(row, $0) } ?? heaviest.count
      heaviest.insert(row, at: place)
      if heaviest.count > Self.heaviestNamed { heaviest.removeLast() }
    }
    let withoutRows = try Self.encoded(path, empty).documentBytes.count
    return DocumentSize(
      path: path, bytes: withoutRows - 2 + total, rows: heaviest, readers: readers)
  }
}

/// The bytes of each live row of a platform, found for a document's records by walking the live
/// ones in order: every document's records are its platform's live ones, in their order, so one
/// cursor per document finds them without hashing ten thousand ids.
struct RowSizes {
  private let live: [Announcement]
  private let sizes: [Int]
  private let byID: [String: Int]

  /// The sizes of a platform's live rows, in the order of `live`.
  init(live: [Announcement], bytes: [Int]) {
    self.live = live
    sizes = bytes
    byID = Dictionary(zip(live.map(\.id), bytes), uniquingKeysWith: { first, _ in first })
  }

  /// The bytes of a record's row, looked for from `cursor` on (and left at it); a record not
  /// found there is looked up by id, and a record that is not live weighs nothing.
  func bytes(of record: Announcement, from cursor: inout Int) -> Int {
    var index = cursor
    while index < live.count && !live[index].isCopy(of: record) { index += 1 }
    guard index < live.count else { return byID[record.id] ?? 0 }
    cursor = index + 1
    return sizes[index]
  }
}
