/// The version of herald, printed by `--version` and written into the pages' generator tag.
package enum HeraldVersion {
  /// The version string.
  package static let current = "0.1.0"
}
