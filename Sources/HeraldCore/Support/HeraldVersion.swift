/// The version of herald, printed by `--version` and written into the pages' generator tag.
public enum HeraldVersion {
  /// The version string.
  public static let current = "0.1.0"
}
