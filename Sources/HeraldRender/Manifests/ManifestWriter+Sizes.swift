import HeraldCore

extension ManifestWriter {
  /// A document an app reads, by its size as written: what the size budgets judge.
  struct DocumentSize: Sendable {
    /// The path under the output folder.
    let path: String
    /// Its bytes as written, the final newline included.
    let bytes: Int
    /// Each record it holds, with its row's bytes, heaviest first.
    let rows: [(id: String, bytes: Int)]
    /// Who reads it: "every app of ios 1.8.0", "every unlisted ios version", "every app".
    let readers: String
  }

  /// The size of every document of the edition an app reads: the channel, and each platform's
  /// `live.json` and release manifests; worked out from the rows' sizes, not written.
  func documentSizes() -> [DocumentSize] {
    var sizes = [
      DocumentSize(
        path: OutputPaths.channel(urls.edition), bytes: channel().documentBytes.count, rows: [],
        readers: "every app")
    ]
    for platform in site.config.platforms {
      let live = selection.live(platform: platform.key)
      sizes.append(
        size(
          ManifestDocument<ManifestRow>(
            scope: .live, platform: platform.key, version: nil,
            updated: Self.latestChange(live),
            nextChangeAt: selection.nextChange(platform: platform.key), announcements: []),
          records: live, platform: platform,
          path: OutputPaths.liveManifest(platform: platform.key, urls.edition),
          readers: "every \(platform.key) version it does not list (every hotfix)"))
      for version in platform.sortedReleases {
        let records = selection.manifest(platform: platform.key, version: version)
        sizes.append(
          size(
            ManifestDocument<ManifestRow>(
              scope: .release, platform: platform.key, version: version.text,
              updated: Self.latestChange(records),
              nextChangeAt: selection.nextChange(platform: platform.key, version: version),
              announcements: []),
            records: records, platform: platform,
            path: OutputPaths.manifest(platform: platform.key, version: version, urls.edition),
            readers: "every app of \(platform.key) \(version)"))
      }
    }
    return sizes
  }

  /// A document's size: its bytes without rows, and each row at the rows' depth, on a line of
  /// its own after a comma (`[\n`, then per row its indent, the row and `,\n`, then `\n  ]`).
  private func size(
    _ empty: ManifestDocument<ManifestRow>, records: [Announcement], platform: PlatformSettings,
    path: String, readers: String
  ) -> DocumentSize {
    let rows = records.map { (id: $0.id, bytes: fragments.row($0, platform: platform).bytes.count) }
    let withoutRows = Self.encoded(empty).documentBytes.count
    let array = rows.isEmpty ? 2 : rows.reduce(4) { $0 + $1.bytes + Self.rowIndent + 2 }
    return DocumentSize(
      path: path, bytes: withoutRows - 2 + array,
      rows: rows.sorted { $0.bytes != $1.bytes ? $0.bytes > $1.bytes : $0.id < $1.id },
      readers: readers)
  }
}
