import Foundation
import HeraldContent
import HeraldCore
import HeraldFiles
import HeraldRender

/// The whole build, shared by `build` and `serve`, as five steps: load the site and its theme,
/// check them, plan the output, render the changed files into staging, and commit them.
///
/// Nothing reaches the output before the commit, so a build that stops at any step leaves the
/// previous output as it was.
package struct SiteBuild: Sendable {
  /// The site folder.
  package let siteDirectory: String
  /// The output folder.
  package let outputDirectory: String
  /// The build's time, base URL, drafts and preview settings.
  package let options: BuildOptions
  /// Whether warnings fail the build.
  package let strict: Bool
  /// Whether a folder herald did not write may be replaced.
  package let force: Bool
  /// Whether the build may remove every announcement the previous output had.
  package var allowEmpty = false
  /// Called when another build holds the output folder and this one waits for it.
  package var waiting: @Sendable () -> Void = {}
  /// Where the build's large values go to be freed later, or nil to free them on return.
  package var leftovers: (@Sendable (any Sendable) -> Void)?
  /// What earlier builds kept (parsed records, rendered fragments, the output map).
  package var reuse: any BuildReuse = NoReuse()
  /// Whether the build signs a channel whose herald.yaml has `signing`, and with what key.
  package var signing: BuildSigning = .unsigned
  /// Asked once everything is staged, just before the commit: false gives the build up, leaving
  /// the output as it was (serve starts a build at a save's first sign and commits it only if the
  /// site then stays as it found it).
  package var beforeCommit: (@Sendable () -> Bool)?

  /// Describes a build.
  package init(
    siteDirectory: String, outputDirectory: String, options: BuildOptions, strict: Bool,
    force: Bool, allowEmpty: Bool = false, waiting: @escaping @Sendable () -> Void = {},
    leftovers: (@Sendable (any Sendable) -> Void)? = nil, reuse: any BuildReuse = NoReuse(),
    signing: BuildSigning = .unsigned
  ) {
    self.siteDirectory = siteDirectory
    self.outputDirectory = outputDirectory
    self.options = options
    self.strict = strict
    self.force = force
    self.allowEmpty = allowEmpty
    self.waiting = waiting
    self.leftovers = leftovers
    self.reuse = reuse
    self.signing = signing
  }

  /// How a build ended.
  package enum Outcome: Sendable {
    /// The tree is in place.
    case built(Report)
    /// The site or the theme has errors; nothing new was written (`finishedInterrupted`: a build
    /// that had stopped while moving its files in was completed from its journal).
    case contentErrors(diagnostics: [Diagnostic], announcements: Int, finishedInterrupted: Bool)
    /// The site could not be read or the output not written.
    case failure(message: String, hint: String?)
    /// The build was refused for what it would do (publish an empty channel); nothing was written.
    case refused(message: String, hint: String?)
    /// `beforeCommit` said no: the build was given up with everything staged; nothing was written.
    case superseded
  }

  /// What a successful build did.
  package struct Report: Sendable {
    /// Warnings (printed, not fatal).
    package let diagnostics: [Diagnostic]
    /// How many record files were read.
    package let announcements: Int
    /// Where the records stand at the build's time.
    package let census: RecordCensus
    /// Files written, unchanged and removed.
    package let files: OutputWriter.Summary
    /// What the build signed, when it signed the channel.
    package let signature: SignatureReport?
  }

  /// Runs the steps in order; the first that fails ends the build with its outcome.
  ///
  /// Every build takes these steps, whatever changed: reuse is each step's own (records whose
  /// files did not change, fragments kept by the fingerprint of their inputs, files whose inputs
  /// did not change).
  package func run() -> Outcome {
    let checked: CheckedSite
    do {
      checked = try load()
    } catch {
      return .failure(message: error.description, hint: error.hint)
    }
    let loaded = checked.loaded
    let verdict = check(checked)
    guard let site = verdict.site, let theme = verdict.theme else {
      return stopWithErrors(verdict.diagnostics, loaded: loaded)
    }
    let channelSigning: ChannelSigning?
    do {
      channelSigning = try signingPlan(for: site)
    } catch {
      switch error {
      case .diagnostic(let problem):
        return stopWithErrors((verdict.diagnostics + [problem]).sorted(), loaded: loaded)
      case .failure(let message, let hint):
        reuse.save(files: loaded.files, live: nil)
        return .failure(message: message + "; nothing was written", hint: hint)
      }
    }
    do {
      let plan = self.plan(site, theme: theme, loaded: loaded)
      let problems = (verdict.diagnostics + plan.budget).sorted()
      guard !plan.budget.contains(where: { $0.severity == .error }) else {
        reuse.save(files: loaded.files, live: nil)
        return .contentErrors(
          diagnostics: problems, announcements: loaded.announcementCount,
          finishedInterrupted: false)
      }
      var planned = plan.renderer.plan.map {
        OutputWriter.Planned(path: $0.path, fingerprint: $0.fingerprint)
      }
      // The statement depends on every document's bytes: it is made after them, every time.
      if channelSigning != nil {
        planned.append(OutputWriter.Planned(path: SignedEnvelope.path))
        planned = planned.sortedBytewise(by: \.path)
      }
      let transaction = try begin(planned, keepsMap: plan.reusesFragments)
      try render(plan, into: transaction)
      try BuildTrace.measure("point at the documents") {
        try point(plan, into: transaction)
      }
      let signature = try channelSigning.map { signing in
        try BuildTrace.measure("sign the channel") {
          try sign(plan, site: site, with: signing, into: transaction)
        }
      }
      let census = BuildTrace.measure("count the records") {
        RecordCensus(site: site, now: options.now, includeDrafts: options.includeDrafts)
      }
      if let beforeCommit, !beforeCommit() { return .superseded }
      let summary = try commit(transaction, plan: plan, loaded: loaded)
      return .built(
        Report(
          diagnostics: problems, announcements: loaded.announcementCount, census: census,
          files: summary, signature: signature))
    } catch SigningRefusal.failure(let message, let hint) {
      return .failure(message: message, hint: hint)
    } catch let error as TemplateError {
      let diagnostic = Diagnostic(
        file: error.file, position: SourcePosition(line: error.line, column: error.column),
        code: .templateRender, message: error.message)
      return .contentErrors(
        diagnostics: (verdict.diagnostics + [diagnostic]).sorted(),
        announcements: loaded.announcementCount, finishedInterrupted: false)
    } catch let error as OutputError {
      if case .wouldEmptyChannel = error {
        return .refused(message: error.description, hint: error.hint)
      }
      return .failure(message: error.description, hint: error.hint)
    } catch {
      return .failure(message: "\(error)", hint: nil)
    }
  }

  /// Ends a build whose site or theme has errors: nothing new is written, but a build that stopped
  /// while moving its files in is finished, so the tree is the last good build's, not half of it.
  private func stopWithErrors(_ diagnostics: [Diagnostic], loaded: LoadedSite) -> Outcome {
    reuse.save(files: loaded.files, live: nil)
    let finished =
      (try? OutputWriter(outputDirectory: outputDirectory, siteDirectory: siteDirectory)
        .completeInterruptedBuild(waiting: waiting)) ?? false
    return .contentErrors(
      diagnostics: diagnostics, announcements: loaded.announcementCount,
      finishedInterrupted: finished)
  }

  /// Whether an output path is a record's page (`announcements/<id>/index.html`).
  static func isRecordPage(_ path: String) -> Bool {
    // Longer than the two ends, so the id between them is not empty.
    path.utf8.count > "announcements//index.html".utf8.count
      && path.utf8.starts(with: "announcements/".utf8) && path.hasByteSuffix("/index.html")
      && path.slashCount == 2
  }
}
