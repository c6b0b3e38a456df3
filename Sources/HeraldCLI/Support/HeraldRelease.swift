import HeraldCore

/// Where herald's releases are published.
///
/// The GitHub repository whose `action.yml` installs a signed release (its tarball, checked
/// against `SHA256SUMS` and the `RELEASE-KEY` at that tag); the workflow `herald init` writes
/// names it, with this herald's version.
enum HeraldRelease {
  /// The repository, as a workflow's `uses:` names it.
  static let repository = "herald-dev/herald"

  /// The action a workflow installs this herald with: the repository at this version's tag.
  static var action: String { "\(repository)@v\(HeraldVersion.current)" }
}
