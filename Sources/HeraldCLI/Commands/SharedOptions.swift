/// Options that several commands share, written once so their help reads the same everywhere.
enum SharedOptions {
  /// `--site DIR`.
  static let site = OptionSpec.value(
    "--site", "DIR", "The site folder (default: the current folder).")
  /// `--now TIME`.
  static let now = OptionSpec.value(
    "--now", "TIME",
    "The time to build for, RFC 3339 (default: SOURCE_DATE_EPOCH, else the clock).")
  /// `--strict`.
  static let strict = OptionSpec.flag("--strict", "Treat warnings as errors.")
  /// `--no-cache`.
  static let noCache = OptionSpec.flag(
    "--no-cache", "Neither use nor update the build cache (read and render everything).")
}
