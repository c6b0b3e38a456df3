import Foundation
import HeraldCache
import HeraldContent
import HeraldCore
import HeraldRender

/// The whole build, shared by `build` and `serve`.
///
/// It loads and checks the site, loads the theme, renders every file and swaps the tree in.
struct SiteBuilder: Sendable {
  /// The site folder.
  let siteDirectory: String
  /// The output folder.
  let outputDirectory: String
  /// The build's time, base URL, drafts and preview settings.
  let options: BuildOptions
  /// Whether warnings fail the build.
  let strict: Bool
  /// Whether a folder herald did not write may be replaced.
  let force: Bool
  /// Whether the build may remove every announcement the previous output had.
  var allowEmpty = false
  /// Called when another build holds the output folder and this one waits for it.
  var waiting: @Sendable () -> Void = {}
  /// Where the build's large values go to be freed later, or nil to free them on return.
  var leftovers: (@Sendable (Any) -> Void)?
  /// What earlier builds kept (parsed records, rendered fragments), if anything.
  var cache: (any SiteCache)?

  /// How a build ended.
  enum Outcome: Sendable {
    /// The tree is in place.
    case built(Report)
    /// The site or the theme has errors; nothing new was written (`finishedInterrupted`: a build
    /// that had stopped while moving its files in was completed from its journal).
    case contentErrors(diagnostics: [Diagnostic], announcements: Int, finishedInterrupted: Bool)
    /// The site could not be read or the output not written.
    case failure(message: String, hint: String?)
    /// The build was refused for what it would do (publish an empty channel); nothing was written.
    case refused(message: String, hint: String?)
  }

  /// What a successful build did.
  struct Report: Sendable {
    /// Warnings (printed, not fatal).
    let diagnostics: [Diagnostic]
    /// How many record files were read.
    let announcements: Int
    /// Where the records stand at the build's time.
    let census: RecordCensus
    /// Files written, unchanged and removed.
    let files: OutputWriter.Summary
  }

  /// Runs the build.
  func build() -> Outcome {
    let checked: CheckedSite
    do {
      checked = try CheckedSite.load(siteDirectory, cache: cache)
    } catch {
      return .failure(message: error.description, hint: error.hint)
    }
    leftovers?(checked)
    let loaded = checked.loaded
    let diagnostics = BuildTrace.measure("sort the problems") {
      checked.diagnostics(strict: strict)
    }
    guard
      let (site, theme) = BuildTrace.measure(
        "assemble the site", { checked.buildable(strict: strict) })
    else {
      cache?.save(files: loaded.files, live: nil)
      // Nothing new is written, but a build that stopped while moving its files in is finished,
      // so the tree is the last good build's, not half of it, until the site is fixed.
      let finished =
        (try? OutputWriter(outputDirectory: outputDirectory, siteDirectory: siteDirectory)
          .completeInterruptedBuild(waiting: waiting)) ?? false
      return .contentErrors(
        diagnostics: diagnostics, announcements: loaded.announcementCount,
        finishedInterrupted: finished)
    }
    do {
      let caching = cache.flatMap { cache in
        loaded.configuration.map {
          RenderCaching(cache: cache, configuration: $0, identity: cache.identity)
        }
      }
      let renderer = BuildTrace.measure("plan the output") {
        SiteRenderer(site: site, theme: theme, options: options, caching: caching)
      }
      leftovers?(renderer)
      // A document a client could not read would make its apps fail open: refused, before
      // anything is written.
      let budget = BuildTrace.measure("check the documents' sizes") {
        renderer.budgetDiagnostics().map { strict ? $0.asError : $0 }
      }
      if budget.contains(where: { $0.severity == .error }) {
        cache?.save(files: loaded.files, live: nil)
        return .contentErrors(
          diagnostics: (diagnostics + budget).sorted(), announcements: loaded.announcementCount,
          finishedInterrupted: false)
      }
      let plan = renderer.plan
      let paths = plan.map(\.path)
      let planned = plan.map { OutputWriter.Planned(path: $0.path, fingerprint: $0.fingerprint) }
      let output = outputDirectory
      let allowEmpty = allowEmpty
      let vet: (Set<String>) throws(OutputError) -> Void = { previous throws(OutputError) in
        guard !allowEmpty, previous.contains(where: Self.isRecordPage),
          !paths.contains(where: Self.isRecordPage)
        else { return }
        throw .wouldEmptyChannel(output, previous.count { Self.isRecordPage($0) })
      }
      // The cache is saved while the files move into place and the output map is written (its
      // index is as large as the map, and neither waits for the other); the build waits for it
      // on every way out, a failure too.
      let saving = DispatchGroup()
      defer { saving.wait() }
      let summary = try OutputWriter(outputDirectory: output, siteDirectory: siteDirectory)
        .write(
          planned, force: force, waiting: waiting, vet: vet,
          map: caching == nil ? nil : cache?.mapIdentifier, memo: cache?.outputMaps,
          waves: renderer.waves,
          prepare: { paths in
            try BuildTrace.measure("make the fragments") { () throws(TemplateError) in
              try renderer.prepare(paths)
            }
          },
          rendered: {
            DispatchQueue.global().async(group: saving) {
              BuildTrace.measure("save the cache") {
                cache?.save(files: loaded.files, live: { renderer.fragmentKeys() })
              }
            }
          },
          render: { path, sink in
            guard let file = renderer.file(at: path) else { return }
            try renderer.render(file, into: &sink)
          })
      return .built(
        Report(
          diagnostics: (diagnostics + budget).sorted(), announcements: loaded.announcementCount,
          census: BuildTrace.measure("count the records") {
            RecordCensus(site: site, now: options.now, includeDrafts: options.includeDrafts)
          },
          files: summary))
    } catch let error as TemplateError {
      let diagnostic = Diagnostic(
        file: error.file, position: SourcePosition(line: error.line, column: error.column),
        code: .templateRender, message: error.message)
      return .contentErrors(
        diagnostics: (diagnostics + [diagnostic]).sorted(), announcements: loaded.announcementCount,
        finishedInterrupted: false)
    } catch let error as OutputError {
      if case .wouldEmptyChannel = error {
        return .refused(message: error.description, hint: error.hint)
      }
      return .failure(message: error.description, hint: error.hint)
    } catch {
      return .failure(message: "\(error)", hint: nil)
    }
  }

  /// Whether an output path is a record's page (`announcements/<id>/index.html`).
  static func isRecordPage(_ path: String) -> Bool {
    // Longer than the two ends, so the id between them is not empty.
    path.utf8.count > "announcements//index.html".utf8.count
      && path.utf8.starts(with: "announcements/".utf8) && path.hasByteSuffix("/index.html")
      && path.slashCount == 2
  }
}
