import Foundation
import HeraldContent
import HeraldCore
import HeraldFiles
import HeraldRender

/// A rebuild that plans again only the files showing the records whose words changed since the
/// last build of the output (a title, a body, an action label of records no app reads), starting
/// from that build's snapshot instead of reading and planning the whole site.
///
/// It applies only when everything else is as the snapshot found it: herald, herald.yaml, the
/// theme, the options, the folder's entries, every other record file (by its signature, as the
/// cache tells files apart), and the time within the span in which no record changes state. An
/// edited record must keep its placement (`Announcement.placement`), be in no document apps
/// read, be no wall, and have no problem that fails the build. Anywhere else it steps aside
/// (`nil`) and the build reads the whole site; what it writes is byte for byte what that build
/// writes, which `IncrementalBuildTests` checks after every kind of change.
struct EditRebuild {
  let build: SiteBuild
  let snapshot: BuildSnapshot
  let store: any SnapshotStore
  let config: SiteConfig
  let theme: Theme
  let listing: SiteLoader.Listing
  let configuration: Fingerprint
  let environments: [Fingerprint]
  let hasher: SipHasher
  /// The wall clock before any record file was looked at.
  let readAt: Int64

  /// Everything an edit starts from, when the snapshot holds for the site as it is now.
  static func start(_ build: SiteBuild, readAt: Int64) -> EditRebuild? {
    let reuse = build.reuse
    guard let store = reuse.snapshots, let cache = reuse.records else { return nil }
    let read = BuildTrace.measure("read the snapshot") {
      store.readSnapshot().flatMap(BuildSnapshot.init(sealed:))
    }
    guard let snapshot = read, snapshot.span.contains(build.options.now) else { return nil }
    let loader = SiteLoader(siteDirectory: build.siteDirectory, cache: cache)
    guard let site = try? loader.openSite(),
      let configured = try? loader.readConfiguration(in: site), let config = configured.config,
      let configuration = configured.configuration,
      let caching = reuse.rendering(configuration: configuration),
      case .success(let theme) = Theme.load(siteDirectory: build.siteDirectory, config: config),
      let listing = try? loader.announcementFiles(in: site), listing.translations.isEmpty,
      listing.records.count == snapshot.records.count
    else { return nil }
    let environments = SiteRenderer.environments(
      caching: caching, theme: theme, options: build.options, config: config)
    let inputs = BuildSnapshot.inputs(
      site: build.siteDirectory, environments: environments, listing: listing.listed,
      hasher: cache.hasher())
    guard inputs == snapshot.inputs else { return nil }
    return EditRebuild(
      build: build, snapshot: snapshot, store: store, config: config, theme: theme,
      listing: listing, configuration: configuration, environments: environments,
      hasher: cache.hasher(), readAt: readAt)
  }

  /// Rebuilds the edit, or nil when it turns out to be more than one (the build then reads the
  /// whole site; nothing was written).
  func run() -> SiteBuild.Outcome? {
    let lookahead = build.lookAhead(keepsMap: true)
    guard let edit = BuildTrace.measure("look for edited records", findEdit) else { return nil }
    let problems = edit.snapshot.allProblems
    // A problem under --strict fails the build: the whole site's build says so, with all of them.
    guard !build.strict || problems.isEmpty else { return nil }
    let planned = edit.snapshot.files.map {
      OutputWriter.Planned(path: $0.path, fingerprint: $0.fingerprint)
    }
    do {
      let transaction = try build.begin(planned, keepsMap: true, lookahead: lookahead)
      let rendered = try BuildTrace.measure("render what shows the edit") {
        try render(transaction.pending, of: edit, into: transaction)
      }
      guard rendered else { return nil }
      let summary = try commit(transaction, snapshot: edit.snapshot)
      build.leftovers?(edit)
      return .built(
        SiteBuild.Report(
          diagnostics: problems, announcements: edit.snapshot.records.count,
          census: edit.snapshot.census, files: summary))
    } catch let error as OutputError {
      if case .wouldEmptyChannel = error {
        return .refused(message: error.description, hint: error.hint)
      }
      return .failure(message: error.description, hint: error.hint)
    } catch {
      // A template that fails, or a record that changed while it was read: the whole site's
      // build tells it with its file and line.
      return nil
    }
  }

  /// Puts the staged files in place, keeping the new snapshot meanwhile (only once they are in
  /// place: a snapshot never describes a build that did not happen).
  private func commit(_ transaction: OutputTransaction, snapshot: BuildSnapshot)
    throws(OutputError) -> OutputWriter.Summary
  {
    let sealing = DispatchGroup()
    nonisolated(unsafe) var sealed: [UInt8] = []
    DispatchQueue.global().async(group: sealing) { sealed = snapshot.sealed }
    defer { sealing.wait() }
    let summary = try transaction.commit()
    sealing.wait()
    BuildTrace.measure("keep the snapshot") { store.keepSnapshot(sealed) }
    return summary
  }
}
