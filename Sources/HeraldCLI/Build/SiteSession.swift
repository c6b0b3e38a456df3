import HeraldBuild
import HeraldContent
import HeraldCore

/// Loads a site for the commands that need a valid one (`explain`, `diff`), printing its problems
/// as `check` does when it has errors.
enum SiteSession {
  /// Why a command stopped after printing its reason, and the status it exits with.
  struct Stopped: Error {
    /// 1 for content errors, 74 for a site that cannot be read.
    let status: ExitStatus
  }

  /// The valid site (and the site as read), or why not after printing its problems; `reuse`
  /// gives the records a cache kept.
  static func load(
    _ directory: String, prefix: String, context: CommandContext,
    reuse: any BuildReuse = NoReuse()
  ) -> Result<(site: Site, loaded: LoadedSite), Stopped> {
    guard let loaded = read(directory, context: context, reuse: reuse) else {
      return .failure(Stopped(status: .ioFailure))
    }
    guard let site = loaded.site() else {
      DiagnosticPrinter(console: context.console, pathPrefix: prefix).printText(loaded.diagnostics)
      context.console.error(
        DiagnosticSummary(loaded.diagnostics, announcements: loaded.announcementCount).description)
      return .failure(Stopped(status: .contentErrors))
    }
    return .success((site, loaded))
  }

  /// The site as read, problems included, or nil after printing why it cannot be read at all.
  static func read(
    _ directory: String, context: CommandContext, reuse: any BuildReuse = NoReuse()
  ) -> LoadedSite? {
    do {
      return try SiteLoader(siteDirectory: directory, cache: reuse.records).load()
    } catch {
      context.console.error("error: \(error)")
      context.console.error("  hint: \(error.hint)")
      return nil
    }
  }
}
