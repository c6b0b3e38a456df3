import Foundation
import HeraldContent
import HeraldCore

/// What the draft changes against the branch it would be proposed to (the commit checked out), as
/// `herald diff` writes it for the pull request: walls and other risks first, then each release,
/// then the records added, removed and edited.
enum ComposerDiff {
  /// The comparison in Markdown, or nil outside a git checkout (or where git cannot read HEAD).
  static func markdown(
    siteDirectory: String, head: Site, now: Timestamp, records: (any RecordCache)?
  ) -> String? {
    guard BranchCommit(siteDirectory: siteDirectory).isCheckout,
      let base = base(siteDirectory: siteDirectory, records: records)
    else { return nil }
    return SiteComparison(base: base, head: head, now: now).markdown
  }

  /// The site at HEAD: made from the working site's records where git says they are unchanged
  /// (the site as on disk, never the draft), else from the revision's files written out.
  private static func base(siteDirectory: String, records: (any RecordCache)?) -> Site? {
    guard let tree = try? GitRevisionSite.tree(revision: "HEAD", siteDirectory: siteDirectory)
    else { return nil }
    if let onDisk = try? SiteLoader(siteDirectory: siteDirectory, cache: records).load(),
      let made = try? GitBaseSite.make(
        revision: "HEAD", siteDirectory: siteDirectory, tree: tree, head: onDisk)
    {
      return made.site
    }
    guard
      let extracted = try? GitRevisionSite.extract(
        revision: "HEAD", siteDirectory: siteDirectory,
        in: TemporaryFolder.memoryParent(environment: ProcessInfo.processInfo.environment))
    else { return nil }
    defer { extracted.remove() }
    guard FileManager.default.fileExists(atPath: extracted.directory + "/herald.yaml") else {
      return nil
    }
    guard let loaded = try? SiteLoader(siteDirectory: extracted.directory).load(),
      let config = loaded.config
    else { return nil }
    return Site(config: config, announcements: loaded.records.compactMap(\.announcement))
  }
}
