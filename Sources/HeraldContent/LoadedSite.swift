import HeraldCore

/// A site as read: the configuration, every record file's result, and every problem, sorted.
package struct LoadedSite: Sendable {
  /// The configuration, when herald.yaml could be read.
  package let config: SiteConfig?
  /// One result per record file, in path order.
  package let records: [DecodedRecord]
  /// Every problem in the site, sorted by file, line and column.
  package let diagnostics: [Diagnostic]
  /// The fingerprint of herald.yaml, when the site was loaded with a cache.
  package let configuration: Fingerprint?
  /// Each record file as found, when the site was loaded with a cache: what it keeps next.
  package let files: [RecordFileState]

  /// The announcements folder as the load listed it.
  package let listing: SiteLoader.Listing

  /// Makes a loaded site.
  package init(
    config: SiteConfig?, records: [DecodedRecord], diagnostics: [Diagnostic],
    configuration: Fingerprint? = nil, files: [RecordFileState] = [],
    listing: SiteLoader.Listing = SiteLoader.Listing()
  ) {
    self.config = config
    self.records = records
    self.diagnostics = diagnostics
    self.configuration = configuration
    self.files = files
    self.listing = listing
  }

  /// How many record files were read.
  package var announcementCount: Int { records.count }

  /// Whether any problem is an error (warnings count when `strict`).
  package func hasErrors(strict: Bool = false) -> Bool {
    diagnostics.contains { $0.severity == .error || strict }
  }

  /// The diagnostics as printed: warnings become errors when `strict`.
  package func reportedDiagnostics(strict: Bool) -> [Diagnostic] {
    strict ? diagnostics.map(\.asError) : diagnostics
  }

  /// The checked site, or nil when there are errors.
  package func site(strict: Bool = false) -> Site? {
    guard let config, !hasErrors(strict: strict) else { return nil }
    return Site(config: config, announcements: records.compactMap(\.announcement))
  }
}
