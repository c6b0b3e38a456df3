import HeraldBuild
import HeraldCache
import HeraldContent
import HeraldCore
import HeraldRender

/// `herald check`: reports every problem in the site, and what is live, without writing anything.
enum CheckCommand {
  /// The command as the command line lists it.
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "check",
    abstract: "Check every announcement and herald.yaml, and report every problem at once.",
    options: [
      SharedOptions.site, SharedOptions.now, SharedOptions.strict,
      DiagnosticFormat.option,
      SharedOptions.noCache,
    ],
    discussion: """
      Problems are printed as path:line:col: severity: message [code], sorted by file and line.
      --format github prints GitHub Actions commands, so problems appear on a pull request's lines;
      --format json prints an array for scripts. Exits 1 when there is an error.
      """)

  /// What `herald check` was asked.
  struct Options: CommandOptions {
    /// How to print the problems.
    let format: DiagnosticFormat
    /// The time to check at.
    let now: Timestamp
    /// `--strict`, `--no-cache`.
    let strict: Bool, noCache: Bool
    /// The site folder, and the prefix that makes its paths relative to here.
    let site: (directory: String, pathPrefix: String)

    init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
      format = try arguments.value(DiagnosticFormat.option) ?? .text
      now = try context.now(arguments.value(SharedOptions.now))
      strict = try arguments.isSet(SharedOptions.strict)
      noCache = try arguments.isSet(SharedOptions.noCache)
      site = context.site(try arguments.value(SharedOptions.site))
    }
  }

  static func run(_ options: Options, context: CommandContext) -> ExitStatus {
    let (format, now, strict) = (options.format, options.now, options.strict)
    let (directory, prefix) = options.site
    let checked: CheckedSite
    // The records the last build of the default output parsed; check parses only what changed.
    let cache: BuildCache?
    do {
      cache =
        options.noCache
        ? nil
        : try BuildCache.open(
          outputDirectory: directory == "." ? "public" : directory + "/public",
          siteDirectory: directory, environment: context.environment,
          identity: HeraldIdentity.current)
    } catch {
      context.console.error("error: \(error)")
      context.console.error("  hint: \(error.hint)")
      return .ioFailure
    }
    // The cache is saved while the documents' sizes are worked out and the problems printed: on a
    // fresh CI runner it is 45 ms of SQLite on one core at 10,000 records, the other one idle.
    let saving: BackgroundWork<Void, Never>?
    defer { saving?.value() }
    do {
      checked = try CheckedSite.load(directory, reuse: cache ?? NoReuse())
      let files = checked.loaded.files
      saving = cache.map { cache in BackgroundWork { cache.save(files: files, live: nil) } }
    } catch {
      saving = nil
      context.console.error("error: \(error)")
      context.console.error("  hint: \(error.hint)")
      return .ioFailure
    }
    let loaded = checked.loaded
    // Check signs nothing: a later time, which a signed build refuses, is a preview here.
    let timeAhead = loaded.config?.signing.flatMap {
      SiteBuild.timeAheadProblem(now: now, clock: context.clock(), settings: $0, severity: .warning)
    }
    let diagnostics =
      (checked.diagnostics(strict: strict)
      + checked.budgetDiagnostics(now: now, strict: strict) + (timeAhead.map { [$0] } ?? []))
      .sorted()
    let printer = DiagnosticPrinter(console: context.console, pathPrefix: prefix)
    let summary = DiagnosticSummary(diagnostics, announcements: loaded.announcementCount)
    switch format {
    case .text:
      printer.printText(diagnostics)
      context.console.out(summary.description)
      if summary.errors == 0, let (site, _) = checked.buildable(strict: strict) {
        context.console.out(ScheduleSummary(site: site, now: now).description)
      }
    case .json:
      printer.printJSON(diagnostics)
    case .github:
      printer.printGitHub(diagnostics)
      context.console.out(summary.description)
    }
    return summary.errors > 0 ? .contentErrors : .success
  }
}
