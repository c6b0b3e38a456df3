/// One option a command accepts.
struct OptionSpec: Sendable {
  /// The long name with its dashes, such as `--site`.
  let name: String
  /// The placeholder for the value (`DIR`), or nil for a flag.
  let valueName: String?
  /// One line of help.
  let help: String

  /// An option that takes a value.
  static func value(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, valueName: valueName, help: help)
  }

  /// A flag that takes no value.
  static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, valueName: nil, help: help)
  }

  /// How the usage line shows it: `[--site DIR]` or `[--strict]`.
  var usage: String { "[\(name)\(valueName.map { " \($0)" } ?? "")]" }
}
