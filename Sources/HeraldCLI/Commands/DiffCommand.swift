import Foundation
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

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError)
    -> ExitStatus
  {
    let revision = try arguments.value(Self.base)
    let baseDirectory = try arguments.value(Self.baseDirectory)
    guard (revision == nil) != (baseDirectory == nil) else {
      throw UsageError(
        message: revision == nil
          ? "missing --base or --base-dir" : "give --base or --base-dir, not both",
        hint: "write --base origin/main, or --base-dir ../previous-site")
    }
    let format = try arguments.value(Self.format) ?? "markdown"
    let now = try context.now(arguments.value(SharedOptions.now))
    let locale = try arguments.value(Self.locale)
    let (directory, prefix) = context.site(try arguments.value(SharedOptions.site))
    let head: Site
    switch SiteSession.load(directory, prefix: prefix, context: context) {
    case .success(let site): head = site
    case .failure(let stopped): return stopped.status
    }
    var extracted: GitRevisionSite?
    defer { extracted?.remove() }
    let basePath: String
    if let revision {
      do {
        extracted = try GitRevisionSite.extract(revision: revision, siteDirectory: directory)
      } catch {
        context.console.error("error: cannot read the site at \(revision): \(error.message)")
        return .ioFailure
      }
      basePath = extracted?.directory ?? directory
    } else {
      basePath = baseDirectory ?? directory
    }
    // A base without a site is the pull request that starts the channel: compared with an empty
    // channel of the same settings, it shows everything the channel will show.
    let isNewChannel = !FileManager.default.fileExists(atPath: basePath + "/herald.yaml")
    let base: Site
    if isNewChannel {
      base = Site(config: head.config, announcements: [])
    } else {
      switch loadBase(basePath, label: revision ?? baseDirectory ?? "", context: context) {
      case .success(let site): base = site
      case .failure(let stopped): return stopped.status
      }
    }
    var comparison: SiteComparison
    do {
      comparison = try SiteComparison(base: base, head: head, now: now, locale: locale)
    } catch {
      DiagnosticPrinter(console: context.console, pathPrefix: prefix).printText([error.diagnostic])
      return .contentErrors
    }
    comparison.isNewChannel = isNewChannel
    context.console.writeOut(format == "json" ? comparison.json.document : comparison.markdown)
    return .success
  }

  /// The base site; one with errors is compared through its valid records, with a warning.
  private static func loadBase(_ path: String, label: String, context: CommandContext) -> Result<
    Site, SiteSession.Stopped
  > {
    let loaded: LoadedSite
    do {
      loaded = try SiteLoader(siteDirectory: path).load()
    } catch {
      context.console.error("error: the base \(label): \(error)")
      return .failure(SiteSession.Stopped(status: .ioFailure))
    }
    guard let config = loaded.config else {
      context.console.error("error: the base \(label) has no valid herald.yaml to compare with")
      return .failure(SiteSession.Stopped(status: .contentErrors))
    }
    if loaded.hasErrors() {
      context.console.error(
        "warning: the base \(label) has errors; comparing with its valid announcements only")
    }
    return .success(Site(config: config, announcements: loaded.records.compactMap(\.announcement)))
  }
}
