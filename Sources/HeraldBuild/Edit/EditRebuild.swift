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
  /// The last build's snapshot; its records and files are the edit's once it is found.
  var snapshot: BuildSnapshot
  let store: any SnapshotStore
  let config: SiteConfig
  let theme: Theme
  let files: RecordFiles
  /// The records' folder as found now.
  let folder: BuildSnapshot.Folder
  let configuration: Fingerprint
  let environments: [Fingerprint]
  let hasher: SipHasher
  /// The wall clock before any record file was looked at.
  let readAt: Int64

  /// Everything an edit starts from, when the snapshot holds for the site as it is now.
  static func start(_ build: SiteBuild, readAt: Int64) -> EditRebuild? {
    let reuse = build.reuse
    guard let store = reuse.snapshots, let cache = reuse.records else { return nil }
    // The snapshot is read on a thread of its own while herald.yaml and the theme are.
    let reading = DispatchGroup()
    nonisolated(unsafe) var read: BuildSnapshot?
    DispatchQueue.global().async(group: reading) {
      read = BuildTrace.measure("read the snapshot") {
        store.readSnapshot().flatMap(BuildSnapshot.init(sealed:))
      }
    }
    let loader = SiteLoader(siteDirectory: build.siteDirectory, cache: cache)
    guard let site = try? loader.openSite(),
      let configured = try? loader.readConfiguration(in: site), let config = configured.config,
      let configuration = configured.configuration,
      let caching = reuse.rendering(configuration: configuration),
      case .success(let theme) = BuildTrace.measure(
        "load the theme", { Theme.load(siteDirectory: build.siteDirectory, config: config) })
    else { return stepAside("herald.yaml or the theme has problems") }
    reading.wait()
    guard let snapshot = read else { return stepAside("no snapshot of the last build") }
    guard snapshot.span.contains(build.options.now) else {
      return stepAside("a record changed state since the last build")
    }
    let environments = SiteRenderer.environments(
      caching: caching, theme: theme, options: build.options, config: config)
    let inputs = BuildSnapshot.inputs(
      site: site.resolvedPath, environments: environments, hasher: cache.hasher())
    guard inputs == snapshot.inputs else {
      return stepAside("herald, herald.yaml, the theme or the options changed")
    }
    guard
      let (files, folder) = BuildTrace.measure(
        "list the records",
        { records(of: snapshot, in: site, loader: loader, hasher: cache.hasher(), readAt: readAt) }
      )
    else { return stepAside("the records' folder has other entries") }
    return EditRebuild(
      build: build, snapshot: snapshot, store: store, config: config, theme: theme,
      files: files, folder: folder, configuration: configuration,
      environments: environments, hasher: cache.hasher(), readAt: readAt)
  }

  /// The record files, when the folder holds the entries the snapshot found, and the folder as
  /// found now: taken from the snapshot when the folder's own signature is as it was (no entry
  /// was added, removed or renamed since), else from a listing whose fingerprint must be the
  /// snapshot's.
  private static func records(
    of snapshot: BuildSnapshot, in site: ConfinedFolder, loader: SiteLoader, hasher: SipHasher,
    readAt: Int64
  ) -> (RecordFiles, BuildSnapshot.Folder)? {
    let folder = snapshot.folder
    if !folder.isRacy, let signature = folder.signature,
      case .success(let path) = site.resolvedFolder(SiteLoader.announcementsFolder),
      path == folder.path, FileSignature.of(path) == signature
    {
      return (.named(folder: path, names: snapshot.names), folder)
    }
    guard let listing = try? loader.announcementFiles(in: site), listing.translations.isEmpty,
      listing.records.count == snapshot.records.count,
      BuildSnapshot.listing(listing, hasher: hasher) == folder.listing
    else { return nil }
    let found = BuildSnapshot.Folder(
      path: listing.folder,
      signature: folder.signature == nil ? nil : listing.signature,
      isRacy: listing.signature?.isRacy(readAt: readAt) ?? true, listing: folder.listing)
    return (.listed(listing), found)
  }

  /// Rebuilds the edit, or nil when it turns out to be more than one (the build then reads the
  /// whole site; nothing was written); `lookahead` is looking at the output map meanwhile.
  mutating func run(lookahead: OutputMapLookahead?) -> SiteBuild.Outcome? {
    guard let edit = BuildTrace.measure("look for edited records", { findEdit() }) else {
      return nil
    }
    let problems = edit.snapshot.allProblems
    // A problem under --strict fails the build: the whole site's build says so, with all of them.
    guard !build.strict || problems.isEmpty else { return stepAside("--strict, with warnings") }
    // The files' paths are the output map's, when it is the map the snapshot's build left.
    guard let map = lookahead?.map, let checksum = map.checksum,
      checksum == snapshot.mapChecksum, map.paths.count == edit.snapshot.files.count
    else { return stepAside("the output map is not the one the last build left") }
    let planned = zip(map.paths, edit.snapshot.files).map {
      OutputWriter.Planned(path: $0, fingerprint: $1.fingerprint)
    }
    // The files planned again are rendered by a renderer made while the output is taken and
    // compared with the map.
    let expected = expectedWork(of: edit, paths: map.paths)
    let preparing = Preparing(self, showing: expected?.shown ?? [], of: edit)
    // The new snapshot is kept when the records changed, or when files are written again; its
    // body is made meanwhile when it is sure to be kept.
    let changed =
      edit.changesRecords || edit.snapshot.diagnostics != snapshot.diagnostics
      || edit.snapshot.folder != snapshot.folder
    let body = SnapshotBodyMaker(edit.snapshot, now: changed)
    do {
      let transaction = try build.begin(planned, keepsMap: true, lookahead: lookahead)
      guard
        let work = self.work(pending: transaction.pending, of: edit.snapshot, paths: map.paths)
      else { return stepAside("a file apps read is not as it was built") }
      try BuildTrace.measure("render what shows the edit") {
        guard !work.isEmpty else { return }
        let prepared = expected?.shown ?? []
        let renderer =
          try !prepared.isEmpty && work.shown.isSubset(of: prepared)
          ? preparing.renderer() : renderer(showing: work.shown, of: edit)
        try render(work, with: renderer, into: transaction)
      }
      let summary = try commit(
        transaction, snapshot: changed || !transaction.pending.isEmpty ? body : nil)
      // Freed by the system at exit, not one by one.
      build.leftovers?(self)
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
      return stepAside("\(error)")
    }
  }

  /// Puts the staged files in place, and then keeps the new snapshot, made meanwhile and sealed
  /// with the checksum of the output map now in place (nil: the last snapshot still holds): a
  /// snapshot never describes a build that did not happen.
  private func commit(_ transaction: OutputTransaction, snapshot: SnapshotBodyMaker?)
    throws(OutputError) -> OutputWriter.Summary
  {
    let store = store
    // Kept while the map is written, once the files are in place and the map's checksum known.
    return try transaction.commit { checksum in
      guard let snapshot else { return }
      BuildTrace.measure("keep the snapshot") {
        snapshot.take().sealed(mapChecksum: checksum) { store.keepSnapshot($0) }
      }
    }
  }

  /// Steps aside for the build of the whole site, saying why when runs are traced.
  static func stepAside<Value>(_ why: String) -> Value? {
    BuildTrace.note("the edit's rebuild steps aside: \(why)")
    return nil
  }

  func stepAside<Value>(_ why: String) -> Value? { Self.stepAside(why) }

  /// The work of rendering the files whose fingerprints the edit changed.
  private func expectedWork(of edit: Edit, paths: [String]) -> Work? {
    work(edit.changedFiles.map { (paths[$0], $0) }, of: edit.snapshot)
  }
}

/// A renderer being made on a thread of its own.
private final class Preparing: @unchecked Sendable {
  private let done = DispatchGroup()
  // Written once on the preparing thread before `done` is left; read only after waiting.
  private var made: Result<SiteRenderer, EditRebuild.ChangedMeanwhile>?

  /// Starts making a renderer over the records at these places (none: nothing is made).
  init(_ rebuild: EditRebuild, showing shown: Set<Int>, of edit: EditRebuild.Edit) {
    guard !shown.isEmpty else { return }
    DispatchQueue.global().async(group: done) { [self] in
      made = Result { () throws(EditRebuild.ChangedMeanwhile) in
        try rebuild.renderer(showing: shown, of: edit)
      }
    }
  }

  /// The renderer, once made.
  func renderer() throws -> SiteRenderer {
    done.wait()
    guard let made else { throw EditRebuild.ChangedMeanwhile() }
    return try made.get()
  }
}
