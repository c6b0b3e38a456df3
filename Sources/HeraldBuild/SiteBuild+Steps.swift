import Foundation
import HeraldContent
import HeraldCore
import HeraldRender

extension SiteBuild {
  /// What the check step found: every problem, and the site and theme when they can be built.
  struct Verdict {
    /// Every problem, sorted (warnings as errors when strict).
    let diagnostics: [Diagnostic]
    /// The site, when it has no errors.
    let site: Site?
    /// The theme, when it has no errors.
    let theme: Theme?
  }

  /// What the plan step made: the renderer that knows every file, and the size problems of the
  /// documents apps would read.
  struct Plan {
    /// Renders any planned file on demand.
    let renderer: SiteRenderer
    /// Whether the renderer reuses fragments (and the output map is kept).
    let reusesFragments: Bool
    /// The documents' size problems (errors when strict).
    let budget: [Diagnostic]
  }

  /// Step 1: reads herald.yaml, every record (reusing the parsed ones whose files did not change)
  /// and the theme; throws only when the site cannot be read at all.
  func load() throws(SiteLoadError) -> CheckedSite {
    let checked = try CheckedSite.load(siteDirectory, reuse: reuse)
    leftovers?(checked)
    return checked
  }

  /// Step 2: every problem of the site and the theme, and what can be built.
  func check(_ checked: CheckedSite) -> Verdict {
    let diagnostics = BuildTrace.measure("sort the problems") {
      checked.diagnostics(strict: strict)
    }
    let buildable = BuildTrace.measure("assemble the site") { checked.buildable(strict: strict) }
    return Verdict(diagnostics: diagnostics, site: buildable?.site, theme: buildable?.theme)
  }

  /// Step 3: plans every output file with the fingerprint of what it is made from, and refuses a
  /// document a client could not read (its apps would fail open), before anything is written.
  func plan(_ site: Site, theme: Theme, loaded: LoadedSite) -> Plan {
    let caching = loaded.configuration.flatMap { reuse.rendering(configuration: $0) }
    let renderer = BuildTrace.measure("plan the output") {
      SiteRenderer(site: site, theme: theme, options: options, caching: caching)
    }
    leftovers?(renderer)
    let budget = BuildTrace.measure("check the documents' sizes") {
      renderer.budgetDiagnostics().map { strict ? $0.asError : $0 }
    }
    return Plan(renderer: renderer, reusesFragments: caching != nil, budget: budget)
  }

  /// Takes the output (waiting for another build into it), compares the plan with what is there,
  /// and refuses a build that would empty a channel that has announcements.
  func begin(_ files: [OutputWriter.Planned], keepsMap: Bool) throws(OutputError)
    -> OutputTransaction
  {
    let map = keepsMap ? reuse.outputMapKey : nil
    let transaction = try OutputWriter(
      outputDirectory: outputDirectory, siteDirectory: siteDirectory
    ).begin(
      files, force: force, waiting: waiting, map: map)
    let previous = transaction.previous
    if !allowEmpty, previous.contains(where: Self.isRecordPage),
      !files.contains(where: { Self.isRecordPage($0.path) })
    {
      throw .wouldEmptyChannel(outputDirectory, previous.count(where: Self.isRecordPage))
    }
    return transaction
  }

  /// Step 4: renders the files the output lacks into staging, wave by wave, each wave's fragments
  /// made first.
  func render(_ plan: Plan, into transaction: OutputTransaction) throws {
    let renderer = plan.renderer
    // The channels are staged by the point step, and the statement by the sign step, after every
    // document they name.
    let channels = Set(renderer.appDocuments.filter(\.isChannel).map(\.path))
    let waves = renderer.waves(
      transaction.pending.filter { $0 != SignedEnvelope.path && !channels.contains($0) })
    for wave in waves where !wave.isEmpty {
      try BuildTrace.measure("make the fragments") { () throws in
        try renderer.prepare(wave)
      }
      try BuildTrace.measure("render and stage") {
        _ = try wave.concurrentMap { path in
          let file = try transaction.open(path)
          if let planned = renderer.file(at: path) {
            try renderer.render(planned, into: &file.sink)
          }
          try file.close()
        }
      }
    }
  }

  /// Step 5: puts the staged files in place; the cache is saved meanwhile, and waited for on
  /// every way out.
  func commit(_ transaction: OutputTransaction, plan: Plan, loaded: LoadedSite)
    throws(OutputError) -> OutputWriter.Summary
  {
    let saving = DispatchGroup()
    defer { saving.wait() }
    let renderer = plan.renderer
    let reuse = reuse
    DispatchQueue.global().async(group: saving) {
      BuildTrace.measure("save the cache") {
        reuse.save(files: loaded.files, live: { renderer.fragmentKeys() })
      }
    }
    return try transaction.commit()
  }
}
