/// Reads a `--format` value against the formats a command offers.
enum OutputFormat {
  /// The format, the first allowed one when absent; an unknown one is a usage error.
  static func parse(_ text: String?, allowed: [String]) throws(UsageError) -> String {
    guard let text else { return allowed[0] }
    guard allowed.contains(text) else {
      throw UsageError(
        message: "unknown format '\(text)'", hint: "use one of " + allowed.joined(separator: ", "))
    }
    return text
  }
}
