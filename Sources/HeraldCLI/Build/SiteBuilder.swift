import Foundation
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

  /// How a build ended.
  enum Outcome: Sendable {
    /// The tree is in place.
    case built(Report)
    /// The site or the theme has errors; nothing was written.
    case contentErrors(diagnostics: [Diagnostic], announcements: Int)
    /// The site could not be read or the output not written.
    case failure(message: String, hint: String?)
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
    let loaded: LoadedSite
    do {
      loaded = try SiteLoader(siteDirectory: siteDirectory).load()
    } catch {
      return .failure(message: error.description, hint: error.hint)
    }
    let diagnostics = loaded.reportedDiagnostics(strict: strict)
    guard let site = loaded.site(strict: strict) else {
      return .contentErrors(diagnostics: diagnostics, announcements: loaded.announcementCount)
    }
    let theme: Theme
    switch Theme.load(siteDirectory: siteDirectory, name: site.config.theme) {
    case .success(let loadedTheme): theme = loadedTheme
    case .failure(let problems):
      return .contentErrors(
        diagnostics: (diagnostics + problems.diagnostics).sorted(),
        announcements: loaded.announcementCount)
    }
    do {
      let renderer = try SiteRenderer(site: site, theme: theme, options: options)
      let plan = renderer.renderOrder
      var byPath: [String: SiteRenderer.PlannedFile] = [:]
      for file in plan { byPath[file.path] = file }
      let files = byPath
      let summary = try OutputWriter(outputDirectory: outputDirectory, siteDirectory: siteDirectory)
        .write(plan.map(\.path), force: force) { path in
          guard let file = files[path] else { return [] }
          return try renderer.render(file)
        }
      return .built(
        Report(
          diagnostics: diagnostics, announcements: loaded.announcementCount,
          census: RecordCensus(site: site, now: options.now, includeDrafts: options.includeDrafts),
          files: summary))
    } catch let error as TemplateError {
      let diagnostic = Diagnostic(
        file: error.file, position: SourcePosition(line: error.line, column: error.column),
        code: .templateRender, message: error.message)
      return .contentErrors(
        diagnostics: (diagnostics + [diagnostic]).sorted(), announcements: loaded.announcementCount)
    } catch let error as OutputError {
      return .failure(message: error.description, hint: error.hint)
    } catch {
      return .failure(message: "\(error)", hint: nil)
    }
  }
}
