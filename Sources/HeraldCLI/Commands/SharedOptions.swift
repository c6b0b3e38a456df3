import HeraldCore

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

  /// `--locale TAG`, in its canonical form; a text that is not a tag is a usage error.
  static func locale(_ arguments: ParsedArguments) throws(UsageError) -> String? {
    guard let text = arguments.value("--locale") else { return nil }
    guard let tag = LocaleTag.canonical(text) else {
      throw UsageError(
        message: "--locale \(text) is not a BCP 47 language tag",
        hint: "write a tag such as de or fr-CA")
    }
    return tag
  }
}
