/// What the parser and the help know of one option: its name, its placeholder and its help.
struct OptionSpec: Sendable {
  /// The long name with its dashes, such as `--site`.
  let name: String
  /// The placeholder for the value (`DIR`), or nil for a flag.
  let valueName: String?
  /// One line of help.
  let help: String
  /// For a required option, what to write when it is missing (`write --platform ios`); nil for an
  /// optional one.
  let missingHint: String?

  /// Whether the command cannot run without it.
  var isRequired: Bool { missingHint != nil }

  /// How the usage line shows it: `--platform P` when required, else `[--site DIR]` or
  /// `[--strict]`.
  var usage: String {
    let written = name + (valueName.map { " \($0)" } ?? "")
    return isRequired ? written : "[\(written)]"
  }
}

/// An option declared once: the command lists it for parsing and help, and reads it through the
/// same declaration.
protocol OptionDeclaration: Sendable {
  /// What the parser and the help know of it.
  var spec: OptionSpec { get }
}
