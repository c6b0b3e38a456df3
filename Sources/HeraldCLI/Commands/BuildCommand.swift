import Foundation
import HeraldBuild
import HeraldCache
import HeraldCore
import HeraldRender
import HeraldSigning

/// `herald build`: checks the site and writes the whole channel into the output folder.
enum BuildCommand {
  /// The command as the command line lists it.
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "build",
    abstract: "Build the archive, the feed and the manifests into the output folder.",
    options: [
      SharedOptions.site, output, SharedOptions.now, baseURL, drafts, SharedOptions.strict, force,
      allowEmpty, SharedOptions.noCache, quiet, signingKey, unsigned,
    ],
    discussion: """
      Changed files are written completely into the output's .herald-staging/ folder first and
      then renamed into place: when anything fails, the previous output is left as it was. Files
      whose bytes did not change are not touched and keep their modification time. A second build
      into the same output waits for the first. The same site and --now always give the same
      bytes. The output can never be the site, contain it, or be inside its content/ or themes/.

      A rebuild reads and renders only what changed: parsed records and rendered fragments are kept
      in a cache outside the site and the output ($HERALD_CACHE_DIR, else ~/.cache/herald), and
      the output's .herald-map records what each file was made from.

      A site whose herald.yaml has signing: is signed with the private key in $HERALD_SIGNING_KEY
      (its PEM text) or --signing-key FILE, and a build without one is refused; --unsigned builds
      a preview that apps pinning the keys do not believe. See docs/signing.md.
      """)

  static let output = Option(
    "--output", "DIR", "Where to write the site (default: public/ in the site folder).")
  static let baseURL = Option(
    "--base-url", "URL", "Use this base URL instead of herald.yaml's (for previews).",
    read: checkBaseURL)
  static let drafts = Flag("--drafts", "Include drafts, marked as drafts, in every output.")
  static let force = Flag("--force", "Replace an output folder that herald did not write.")
  static let allowEmpty = Flag(
    "--allow-empty", "Allow a build that removes every announcement the output had.")
  static let quiet = Flag("--quiet", "Print nothing but problems.")
  static let signingKey = Option(
    "--signing-key", "FILE", "Sign with this private key (default: $HERALD_SIGNING_KEY).")
  static let unsigned = Flag(
    "--unsigned", "Do not sign a site that has signing: (a preview apps will not believe).")

  /// What `herald build` was asked.
  struct Options: CommandOptions {
    /// The time to build for.
    let now: Timestamp
    /// The site folder, and the prefix that makes its paths relative to here.
    let site: (directory: String, pathPrefix: String)
    /// The output folder.
    let output: String
    /// The base URL that replaces herald.yaml's, if any.
    let baseURL: String?
    /// `--drafts`, `--strict`, `--force`, `--allow-empty`, `--no-cache`, `--quiet`.
    let drafts: Bool, strict: Bool, force: Bool, allowEmpty: Bool, noCache: Bool, quiet: Bool
    /// The private key's file (`--signing-key`), if given.
    let signingKey: String?
    /// `--unsigned`.
    let unsigned: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
      now = try context.now(try arguments.value(SharedOptions.now))
      site = context.site(try arguments.value(SharedOptions.site))
      output =
        try arguments.value(BuildCommand.output)
        ?? (site.directory == "." ? "public" : site.directory + "/public")
      baseURL = try arguments.value(BuildCommand.baseURL)
      drafts = try arguments.isSet(BuildCommand.drafts)
      strict = try arguments.isSet(SharedOptions.strict)
      force = try arguments.isSet(BuildCommand.force)
      allowEmpty = try arguments.isSet(BuildCommand.allowEmpty)
      noCache = try arguments.isSet(SharedOptions.noCache)
      quiet = try arguments.isSet(BuildCommand.quiet)
      signingKey = try arguments.value(BuildCommand.signingKey)
      unsigned = try arguments.isSet(BuildCommand.unsigned)
      if unsigned, signingKey != nil {
        throw UsageError(
          message: "--unsigned and --signing-key contradict each other",
          hint: "give the key to sign, or --unsigned for a preview")
      }
    }
  }

  static func run(_ options: Options, context: CommandContext) -> ExitStatus {
    let started = ContinuousClock.now
    let (now, output, baseURL) = (options.now, options.output, options.baseURL)
    let (directory, prefix) = options.site
    let cache: BuildCache?
    let signing: BuildSigning
    do throws(SigningError) {
      signing =
        options.unsigned
        ? .unsigned
        : .required(
          signer: try KeySigner.load(file: options.signingKey, environment: context.environment),
          clock: context.clock())
    } catch {
      context.console.error("error: \(error.description); nothing was written")
      if let hint = error.hint { context.console.error("  hint: \(hint)") }
      return .ioFailure
    }
    do {
      // The output's own problems first: a cache is placed by where the output is.
      try OutputWriter(outputDirectory: output, siteDirectory: directory).checkTarget()
    } catch {
      context.console.error("error: \(error.description)")
      if let hint = error.hint { context.console.error("  hint: \(hint)") }
      return .ioFailure
    }
    do {
      cache =
        options.noCache
        ? nil
        : try BuildTrace.measure("open the cache") { () throws(CacheLocationError) in
          try BuildCache.open(
            outputDirectory: output, siteDirectory: directory, environment: context.environment,
            identity: HeraldIdentity.current)
        }
    } catch {
      context.console.error("error: \(error); nothing was written")
      context.console.error("  hint: \(error.hint)")
      return .ioFailure
    }
    let build = SiteBuild(
      siteDirectory: directory, outputDirectory: output,
      options: BuildOptions(
        now: now, baseURL: baseURL, includeDrafts: options.drafts),
      strict: options.strict, force: options.force, allowEmpty: options.allowEmpty,
      waiting: { [console = context.console] in
        console.error("waiting for another herald build into \(output) to finish…")
      }, leftovers: ExitRetainer.keep, reuse: cache ?? NoReuse(), signing: signing)
    let printer = DiagnosticPrinter(console: context.console, pathPrefix: prefix)
    switch build.run() {
    case .built(let report):
      printer.printText(report.diagnostics)
      if case .required(let signer?, _) = signing, report.signature == nil {
        context.console.error(
          "note: a signing key was given (\(signer.keyID)), and herald.yaml has no signing:, so"
            + " the channel is not signed; see docs/signing.md")
      }
      if let signature = report.signature, signature.coversWall, !signature.wallSigned {
        context.console.error(
          "note: the channel holds a wall, and apps that pin wall keys show it only once a wall"
            + " key signs too: herald sign --key FILE --output \(output)")
      }
      if !options.quiet {
        let elapsed = ContinuousClock.now - started
        context.console.out(
          BuildSummary(report: report, output: output, now: now, elapsed: elapsed).description)
        if let signature = report.signature {
          context.console.out(
            "signed \(SignedEnvelope.path) with key \(signature.keyID): channel"
              + " \(signature.statement.channel), \(signature.statement.documents.count) documents,"
              + " expires \(signature.statement.expiresAt)")
        }
      }
      return .success
    case .contentErrors(let diagnostics, let announcements, let finished):
      printer.printText(diagnostics)
      context.console.error(
        DiagnosticSummary(diagnostics, announcements: announcements).description
          + "; nothing was written")
      if finished {
        context.console.error(
          "note: the build into \(output) that stopped while moving its files in was completed"
            + " from its journal, so \(output) holds that build whole")
      }
      return .contentErrors
    case .failure(let message, let hint):
      context.console.error("error: \(message)")
      if let hint { context.console.error("  hint: \(hint)") }
      return .ioFailure
    case .refused(let message, let hint):
      context.console.error("error: \(message); nothing was written")
      if let hint { context.console.error("  hint: \(hint)") }
      return .contentErrors
    case .superseded:
      // Only a build given `beforeCommit` stops so, and this one is given none.
      context.console.error("error: the build stopped before its commit; nothing was written")
      return .ioFailure
    }
  }

  /// A base URL for previews: absolute http or https, ending in `/` (one is added when missing).
  static func checkBaseURL(_ text: String) throws(UsageError) -> String {
    let lowered = text.lowercased()
    guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"),
      text.split(separator: "/", omittingEmptySubsequences: true).count >= 2
    else {
      throw UsageError(
        message: "--base-url \"\(text)\" is not an absolute http or https URL",
        hint: "write --base-url https://preview.example.com/")
    }
    return text.hasSuffix("/") ? text : text + "/"
  }
}
