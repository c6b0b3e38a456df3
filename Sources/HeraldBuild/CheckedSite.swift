import HeraldContent
import HeraldCore
import HeraldRender

/// A site as `check` and `build` both see it: the records and herald.yaml, and the theme it names,
/// parsed, so that `check` passes exactly what `build` can render.
package struct CheckedSite: Sendable {
  /// The site as read, with its own problems.
  package let loaded: LoadedSite
  /// The theme, when herald.yaml could be read and the theme has no problems.
  package let theme: Theme?
  /// The theme's problems, each with its template's file and line.
  package let themeDiagnostics: [Diagnostic]

  /// Reads the site and its theme; throws only when the site cannot be read at all.
  package static func load(_ directory: String, reuse: any BuildReuse = NoReuse())
    throws(SiteLoadError)
    -> CheckedSite
  {
    let loaded = try BuildTrace.measure("load the site") { () throws(SiteLoadError) in
      try SiteLoader(siteDirectory: directory, cache: reuse.records).load()
    }
    guard let config = loaded.config else {
      return CheckedSite(loaded: loaded, theme: nil, themeDiagnostics: [])
    }
    switch BuildTrace.measure(
      "load the theme", { Theme.load(siteDirectory: directory, config: config) })
    {
    case .success(let theme):
      return CheckedSite(loaded: loaded, theme: theme, themeDiagnostics: [])
    case .failure(let problems):
      return CheckedSite(loaded: loaded, theme: nil, themeDiagnostics: problems.diagnostics)
    }
  }

  /// Every problem, sorted; warnings become errors when `strict`.
  package func diagnostics(strict: Bool) -> [Diagnostic] {
    (loaded.reportedDiagnostics(strict: strict) + themeDiagnostics).sorted()
  }

  /// The size problems of the documents apps would read, built at a time (`ChannelBudget`).
  ///
  /// None for a site with errors, which builds nothing. Warnings become errors when `strict`.
  package func budgetDiagnostics(now: Timestamp, strict: Bool) -> [Diagnostic] {
    guard let (site, _) = buildable(strict: strict) else { return [] }
    let editions = Edition.all(site.config).concurrentMap {
      ChannelManifests(site: site, options: BuildOptions(now: now), edition: $0)
    }
    let found = ChannelBudget.diagnostics(editions).sorted()
    return strict ? found.map(\.asError) : found
  }

  /// The site and theme to build, or nil when either has errors.
  package func buildable(strict: Bool) -> (site: Site, theme: Theme)? {
    guard let site = loaded.site(strict: strict), let theme else { return nil }
    return (site, theme)
  }
}
