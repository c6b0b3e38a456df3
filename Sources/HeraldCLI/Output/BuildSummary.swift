import HeraldBuild
import HeraldCore

/// The line printed after a build: what was published and what was written, and how long it took.
struct BuildSummary: CustomStringConvertible {
  /// The build's report.
  let report: SiteBuild.Report
  /// The output folder as given.
  let output: String
  /// The build's time.
  let now: Timestamp
  /// How long the build took.
  let elapsed: Duration

  var description: String {
    let census = report.census
    let files = report.files
    let milliseconds = elapsed.milliseconds
    return "built \(output) for \(now): "
      + "\(census.live) published, \(census.scheduled) scheduled, \(census.expired) expired, "
      + "\(census.inactive) inactive, \(DiagnosticSummary.count(census.drafts, "draft")); "
      + "\(DiagnosticSummary.count(files.written, "file")) written, \(files.unchanged) unchanged, "
      + "\(files.removed) removed in \(milliseconds) ms"
  }
}
