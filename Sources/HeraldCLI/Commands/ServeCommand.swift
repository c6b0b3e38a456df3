import Foundation
import HeraldBuild
import HeraldCache
import HeraldCore
import HeraldFiles
import HeraldRender
import HeraldServe
import Synchronization

/// `herald serve`: builds the site into a temporary folder, serves it on loopback, and rebuilds
/// and reloads the pages when the site changes.
enum ServeCommand {
  /// The command as the command line lists it.
  static let command = Command(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "serve",
    abstract: "Preview the site on loopback, rebuilding and reloading as it changes.",
    options: [SharedOptions.site, host, port, compose, push],
    discussion: """
      Builds into a temporary folder (never public/): in $TMPDIR when it is set, else in
      /dev/shm (memory) where there is one. Drafts and scheduled announcements are shown and
      marked. Changes to herald.yaml, content/ and themes/ trigger a rebuild of what they touch
      (seen through inotify, else polled four times a second); pages reload by themselves after
      it. A build with errors keeps the last good output served and shows the problems at the
      bottom of every page and in the terminal. Ctrl-C stops the server and removes the
      temporary folder.

      With --compose (loopback only), /_herald/compose/ is a form for writing an announcement
      without YAML: checked as herald check checks it, with what every app shows beside it;
      saving writes content/announcements/ID.md and, in a git checkout, commits it on a branch
      herald/ID (never on the branch checked out); with --push it pushes that branch to origin
      and prints where to open its pull request (and opens it with gh when gh is installed). See
      docs/composer.md.
      """)

  static let compose = Flag(
    "--compose", "Add the composer, a form for writing announcements (loopback only).")
  static let push = Flag(
    "--push", "With --compose, push each saved branch to origin and print its pull request.")
  static let host = Option(
    "--host", "ADDRESS", "The address to listen on (default: 127.0.0.1).")
  static let port = Option(
    "--port", "PORT", "The port to listen on (default: 1313; 0 picks a free one)."
  ) { text throws(UsageError) in
    guard let port = UInt16(text) else {
      throw UsageError(
        message: "--port \(text) is not a port number", hint: "use 1 to 65535, or 0")
    }
    return port
  }

  /// What `herald serve` was asked.
  struct Options: CommandOptions {
    /// Where to listen.
    let host: String, port: UInt16
    /// Whether to add the composer, and whether it pushes what it commits.
    let compose: Bool, push: Bool
    /// The site folder, and the prefix that makes its paths relative to here.
    let site: (directory: String, pathPrefix: String)

    init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
      host = try arguments.value(ServeCommand.host) ?? "127.0.0.1"
      port = try arguments.value(ServeCommand.port) ?? 1313
      site = context.site(try arguments.value(SharedOptions.site))
      compose = try arguments.isGiven(ServeCommand.compose)
      push = try arguments.isGiven(ServeCommand.push)
      if push, !compose {
        throw UsageError(message: "--push goes with --compose", hint: "write --compose --push")
      }
      // The composer writes into the site: only the machine's own user may reach it.
      if compose, !["127.0.0.1", "::1", "localhost"].contains(host) {
        throw UsageError(
          message: "--compose serves only on loopback, not on \(host)",
          hint: "drop --host, or use --host 127.0.0.1")
      }
    }
  }

  static func run(_ options: Options, context: CommandContext) -> ExitStatus {
    let (host, port) = (options.host, options.port)
    let stop = StopSignal()
    let (directory, prefix) = options.site
    guard FileManager.default.fileExists(atPath: directory + "/herald.yaml") else {
      context.console.error("error: there is no herald.yaml in \(directory)")
      context.console.error("  hint: run herald in a site folder, or pass --site DIR")
      return .ioFailure
    }
    let folder = TemporaryFolder(
      purpose: "serve", in: Self.previewParent(environment: context.environment))
    let workspace = folder.path
    defer { folder.remove() }
    // What the rebuilds parse, the composer's checks read too.
    let cache = MemoryBuildCache(identity: HeraldIdentity.current)
    let site = PreviewSite(
      root: workspace + "/site", appPreview: Self.appPreview(siteDirectory: directory),
      composer: options.compose
        ? Self.composer(
          siteDirectory: directory, push: options.push, console: context.console,
          records: cache.records)
        : nil)
    let server: HTTPServer
    do {
      server = try HTTPServer(host: host, port: port, reply: site.reply)
    } catch {
      context.console.error("error: \(error)")
      if let hint = error.hint { context.console.error("  hint: \(hint)") }
      return .ioFailure
    }
    let address = host.contains(":") ? "[\(host)]" : host
    let baseURL = "http://\(address):\(server.port)/"
    let rebuild = Rebuilder(
      siteDirectory: directory, output: site.root, baseURL: baseURL, site: site, server: server,
      printer: DiagnosticPrinter(console: context.console, pathPrefix: prefix),
      console: context.console, cache: cache)
    rebuild.run()
    do {
      try server.start()
    } catch {
      context.console.error("error: \(error)")
      return .ioFailure
    }
    context.console.out(
      "serving \(directory == "." ? "the site" : directory) at \(baseURL)"
        + " (drafts and scheduled announcements shown; Ctrl-C to stop)\n"
        + "  the archive:      \(baseURL)\n"
        + "  the app preview:  \(baseURL)_herald/app/"
        + (options.compose ? "\n  the composer:     \(baseURL)_herald/compose/" : ""))
    let watcher = SiteWatcher(siteDirectory: directory)
    var snapshot = watcher.snapshot()
    // The rebuild starts at a save's first sign, while the watcher waits out the quiet spell, and
    // is kept if the site then settles as it found it: a save costs the longer of the two, not
    // their sum.
    var ahead: RebuildAhead?
    while let changed = watcher.waitForChange(
      from: snapshot, changing: { ahead = RebuildAhead(snapshot: $0, rebuild: rebuild) },
      stop: { stop.isSet })
    {
      snapshot = changed
      let handled = ahead?.finish(settled: changed) ?? false
      ahead = nil
      if !handled { rebuild.run() }
    }
    _ = ahead?.finish(settled: nil)
    server.stop()
    context.console.out("stopped; removed the preview build")
    return .success
  }
}

extension ServeCommand {
  /// Where preview builds go: `$TMPDIR` when it is set, else /dev/shm, which is in memory, when
  /// there is one (a preview is thrown away when serve stops, and writing it to a disk only slows
  /// every rebuild; Hugo's server renders to memory too), else the system's temporary folder.
  static func previewParent(environment: [String: String]) -> String {
    TemporaryFolder.memoryParent(environment: environment)
  }

}

/// One preview build, reported in the terminal and to the pages.
private struct Rebuilder: Sendable {
  let siteDirectory: String
  let output: String
  let baseURL: String
  let site: PreviewSite
  /// Woken after every build, so that the pages waiting to reload get their answer.
  let server: HTTPServer
  let printer: DiagnosticPrinter
  let console: Console
  /// What the session's earlier builds parsed and rendered: a save rebuilds only what changed.
  let cache: MemoryBuildCache

  /// Builds and reports; returns whether the build was reported.
  ///
  /// With `settled`, asked before anything is committed or reported, the build is given up when
  /// it says no.
  @discardableResult
  func run(settled: (@Sendable () -> Bool)? = nil) -> Bool {
    let leftovers = BackgroundReleaser()
    defer { leftovers.release() }
    let started = ContinuousClock.now
    let now = Timestamp(seconds: Int64(Date().timeIntervalSince1970))
    var build = SiteBuild(
      siteDirectory: siteDirectory, outputDirectory: output,
      options: BuildOptions(
        now: now, baseURL: baseURL, includeDrafts: true,
        preview: BuildOptions.Preview(
          liveReload: PreviewSite.liveReloadTag, composes: site.composer != nil)),
      strict: false, force: true, leftovers: leftovers.keep, reuse: cache)
    build.beforeCommit = settled
    let outcome = build.run()
    switch outcome {
    case .superseded: return false
    case .built: break
    case .contentErrors, .failure, .refused:
      // A file caught halfway through its save is no error to show.
      if let settled, !settled() { return false }
    }
    defer { server.wakeParked() }
    switch outcome {
    case .built(let report):
      printer.printText(report.diagnostics)
      let elapsed = ContinuousClock.now - started
      let milliseconds = elapsed.milliseconds
      console.out(
        "built \(DiagnosticSummary.count(report.announcements, "announcement")): "
          + "\(DiagnosticSummary.count(report.files.written, "file")) written in \(milliseconds) ms"
      )
      site.finishBuild(problems: nil)
    case .contentErrors(let diagnostics, let announcements, _):
      printer.printText(diagnostics)
      let summary = DiagnosticSummary(diagnostics, announcements: announcements).description
      console.error(summary + "; still serving the last good build")
      site.finishBuild(problems: diagnostics.map { printer.located($0).description } + [summary])
    case .failure(let message, let hint), .refused(let message, let hint):
      console.error("error: \(message)")
      site.finishBuild(problems: ["error: \(message)"] + (hint.map { ["  hint: \($0)"] } ?? []))
    case .superseded: break
    }
    return true
  }
}

/// A rebuild begun on a thread of its own when a save is first seen, which waits before its
/// commit (or before reporting its errors) to hear whether the site settled as it found it.
private final class RebuildAhead: Sendable {
  /// The site as the rebuild began on it.
  let snapshot: SiteSnapshot
  /// Left once the verdict is in: every wait for it returns from then on.
  private let decided = DispatchGroup()
  private let verdict = Mutex(false)
  private let done = DispatchGroup()
  private let reported = Mutex(false)

  init(snapshot: SiteSnapshot, rebuild: Rebuilder) {
    self.snapshot = snapshot
    decided.enter()
    DispatchQueue.global().async(group: done) { [self] in
      let shown = rebuild.run(settled: { [self] in
        decided.wait()
        return verdict.withLock { $0 }
      })
      reported.withLock { $0 = shown }
    }
  }

  /// Gives the rebuild its verdict (kept when the site settled as this snapshot; given up for
  /// another snapshot or nil) and waits for it to end; whether it was reported.
  func finish(settled: SiteSnapshot?) -> Bool {
    verdict.withLock { $0 = settled == snapshot }
    decided.leave()
    done.wait()
    return reported.withLock { $0 }
  }
}

/// How many times SIGINT or SIGTERM arrived; written only by the signal handler.
private let receivedStopSignals = Atomic<Int>(0)

/// Counts SIGINT and SIGTERM, so the watch loop ends and cleans up; a second one (an impatient
/// Ctrl-C) exits at once, leaving the preview folder to the next serve's sweep.
///
/// The handler is installed synchronously, before anything is printed: a signal can never fall
/// into a window where it is ignored (libdispatch's signal sources install theirs later, on
/// another thread, and lost an early Ctrl-C). The signals are unblocked too: a parent that starts
/// herald from a thread blocking them (Foundation's Process does) would otherwise leave Ctrl-C
/// pending forever.
private struct StopSignal {
  init() {
    var signals = sigset_t()
    sigemptyset(&signals)
    for number in [SIGINT, SIGTERM] {
      _ = signal(number) { _ in
        // A lock-free atomic: safe in a signal handler, as a lock would not be.
        let (_, count) = receivedStopSignals.add(1, ordering: .relaxed)
        if count > 1 { _exit(130) }
      }
      sigaddset(&signals, number)
    }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
  }

  var isSet: Bool { receivedStopSignals.load(ordering: .relaxed) > 0 }
}
