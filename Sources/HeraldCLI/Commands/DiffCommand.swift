import Foundation
import HeraldBuild
import HeraldCache
import HeraldContent
import HeraldCore

/// `herald diff`: what a change to the site does to users, for a pull-request comment.
enum DiffCommand {
  /// The command as the command line lists it.
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "diff",
    abstract: "Show what a change does to users: walls, escalations, kill switches, per release.",
    options: [base, baseDirectory, SharedOptions.site, SharedOptions.now, format, locale],
    discussion: """
      Reads the base through git without touching the working tree or the index, builds both
      models and compares them: new or wider walls, raised severities, kill switches and changed
      ids first (and, in a site with several locales, a wall whose translated action label
      changed), then what each configured release shows a new user, then the records added,
      removed and edited, in --locale's words when it is given. Exits 1 when the working site
      has errors.
      """)

  static let base = Option(
    "--base", "GIT-REV", "Compare with the site at this git revision (such as origin/main).")
  static let baseDirectory = Option("--base-dir", "DIR", "Compare with the site in this folder.")
  static let format = Option.format(
    ["markdown", "json"], "How to print the comparison (default: markdown).")
  static let locale = SharedOptions.locale(
    "Show the records' words in this locale (default: the default).")

  /// What `herald diff` was asked.
  struct Options: CommandOptions {
    /// The base: a git revision, or else a folder (exactly one of the two is given).
    let revision: String?, baseDirectory: String?
    /// How to print the comparison.
    let format: String
    /// The time to compare at.
    let now: Timestamp
    /// The locale whose words to show, if not the default.
    let locale: String?
    /// The working site folder, and the prefix that makes its paths relative to here.
    let site: (directory: String, pathPrefix: String)

    init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
      revision = try arguments.value(DiffCommand.base)
      baseDirectory = try arguments.value(DiffCommand.baseDirectory)
      guard (revision == nil) != (baseDirectory == nil) else {
        throw UsageError(
          message: revision == nil
            ? "missing --base or --base-dir" : "give --base or --base-dir, not both",
          hint: "write --base origin/main, or --base-dir ../previous-site")
      }
      format = try arguments.value(DiffCommand.format) ?? "markdown"
      now = try context.now(arguments.value(SharedOptions.now))
      locale = try arguments.value(DiffCommand.locale)
      site = context.site(try arguments.value(SharedOptions.site))
    }
  }

  static func run(_ options: Options, context: CommandContext) -> ExitStatus {
    let (format, now, locale) = (options.format, options.now, options.locale)
    let (directory, prefix) = options.site
    let (revision, baseDirectory) = (options.revision, options.baseDirectory)
    // The records the last build or check parsed, for both sites: a base file with the same path
    // and bytes as one parsed before is not parsed again. Only the working site's files are
    // recorded (the base's are a temporary copy).
    let cache = try? BuildCache.open(
      outputDirectory: directory == "." ? "public" : directory + "/public",
      siteDirectory: directory, environment: context.environment,
      identity: HeraldIdentity.current)
    let reuse: any BuildReuse = cache ?? NoReuse()
    // git reads the revision's tree, and the record files that differ, while the working site
    // loads.
    let gitTree = revision.map { revision in
      BackgroundWork { () throws(GitRevisionSite.Failure) in
        let tree = try GitRevisionSite.tree(revision: revision, siteDirectory: directory)
        return (
          tree: tree, fetched: try GitBaseSite.fetchChanged(in: tree, siteDirectory: directory)
        )
      }
    }
    let head: Site
    let headLoaded: LoadedSite
    // The cache is saved while the base is made and compared (on a fresh CI runner, 45 ms of
    // SQLite on one core at 10,000 records); it is waited for on every way out.
    var saving: BackgroundWork<Void, Never>?
    defer { saving?.value() }
    switch SiteSession.load(directory, prefix: prefix, context: context, reuse: reuse) {
    case .success(let (site, loaded)):
      (head, headLoaded) = (site, loaded)
      let files = loaded.files
      saving = cache.map { cache in BackgroundWork { cache.save(files: files, live: nil) } }
    case .failure(let stopped):
      // git is left to finish, so nothing of it outlives the command.
      _ = try? gitTree?.value()
      return stopped.status
    }
    let label = revision ?? baseDirectory ?? ""
    var base: Site
    var isNewChannel = false
    do {
      if let revision, let gitTree,
        let made = try BuildTrace.measure(
          "the base from the working site",
          {
            () throws(GitRevisionSite.Failure) in
            let (tree, fetched) = try gitTree.value()
            return try GitBaseSite.make(
              revision: revision, siteDirectory: directory, tree: tree, fetched: fetched,
              head: headLoaded)
          })
      {
        base = made.site
        if made.hasErrors { Self.warnAboutErrors(in: label, context: context) }
      } else {
        // A folder of the base: the revision's, written out, or the one given.
        var extracted: GitRevisionSite?
        defer { extracted?.remove() }
        if let revision {
          extracted = try BuildTrace.measure("read the base from git") {
            () throws(GitRevisionSite.Failure) in
            try GitRevisionSite.extract(
              revision: revision, siteDirectory: directory,
              in: TemporaryFolder.memoryParent(environment: context.environment))
          }
        }
        let basePath = extracted?.directory ?? baseDirectory ?? directory
        // A base without a site is the pull request that starts the channel: compared with an
        // empty channel of the same settings, it shows everything the channel will show.
        isNewChannel = !FileManager.default.fileExists(atPath: basePath + "/herald.yaml")
        if isNewChannel {
          base = Site(config: head.config, announcements: [])
        } else {
          switch loadBase(basePath, label: label, context: context, reuse: reuse) {
          case .success(let site): base = site
          case .failure(let stopped): return stopped.status
          }
        }
      }
    } catch {
      context.console.error("error: cannot read the site at \(label): \(error.message)")
      return .ioFailure
    }
    var comparison = BuildTrace.measure("compare") {
      SiteComparison(base: base, head: head, now: now, locale: locale)
    }
    comparison.isNewChannel = isNewChannel
    context.console.writeOut(format == "json" ? comparison.json.document : comparison.markdown)
    return .success
  }

  private static func warnAboutErrors(in label: String, context: CommandContext) {
    context.console.error(
      "warning: the base \(label) has errors; comparing with its valid announcements only")
  }

  /// The base site; one with errors is compared through its valid records, with a warning.
  private static func loadBase(
    _ path: String, label: String, context: CommandContext, reuse: any BuildReuse
  ) -> Result<Site, SiteSession.Stopped> {
    let loaded: LoadedSite
    do {
      loaded = try SiteLoader(siteDirectory: path, cache: reuse.records).load()
    } catch {
      context.console.error("error: the base \(label): \(error)")
      return .failure(SiteSession.Stopped(status: .ioFailure))
    }
    guard let config = loaded.config else {
      context.console.error("error: the base \(label) has no valid herald.yaml to compare with")
      return .failure(SiteSession.Stopped(status: .contentErrors))
    }
    if loaded.hasErrors() { warnAboutErrors(in: label, context: context) }
    return .success(Site(config: config, announcements: loaded.records.compactMap(\.announcement)))
  }
}
