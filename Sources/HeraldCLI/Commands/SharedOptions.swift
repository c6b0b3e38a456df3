import HeraldCore

/// Options that several commands share, declared once so their help and their reading are the
/// same everywhere.
enum SharedOptions {
  /// `--site DIR`.
  static let site = Option("--site", "DIR", "The site folder (default: the current folder).")
  /// `--now TIME`: the time to build, check or decide at.
  static let now = Option(
    "--now", "TIME",
    "The time to build for, RFC 3339 (default: SOURCE_DATE_EPOCH, else the clock)."
  ) { text throws(UsageError) in
    do {
      return try Timestamp(parsing: text)
    } catch {
      throw UsageError(message: "--now \(error)", hint: "write --now 2026-03-01T09:00:00Z")
    }
  }
  /// `--strict`.
  static let strict = Flag("--strict", "Treat warnings as errors.")
  /// `--no-cache`.
  static let noCache = Flag(
    "--no-cache", "Neither use nor update the build cache (read and render everything).")

  /// `--locale TAG`, in its canonical form; a text that is not a tag is a usage error.
  static func locale(_ help: String) -> Option<String> {
    Option("--locale", "TAG", help) { text throws(UsageError) in
      guard let tag = LocaleTag.canonical(text) else {
        throw UsageError(
          message: "--locale \(text) is not a BCP 47 language tag",
          hint: "write a tag such as de or fr-CA")
      }
      return tag
    }
  }
}
