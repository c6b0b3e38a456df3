/// An option that takes a value, typed: its text becomes a `Value` when the command reads it, and
/// a text that does not is a usage error naming the option.
struct Option<Value: Sendable>: OptionDeclaration {
  /// The name, placeholder and help.
  let spec: OptionSpec
  /// Turns the given text into the value.
  let read: @Sendable (String) throws(UsageError) -> Value

  /// Declares an option; with `required`, the hint a user gets when it is missing.
  init(
    _ name: String, _ valueName: String, _ help: String, required missingHint: String? = nil,
    read: @escaping @Sendable (String) throws(UsageError) -> Value
  ) {
    spec = OptionSpec(name: name, valueName: valueName, help: help, missingHint: missingHint)
    self.read = read
  }
}

extension Option where Value == String {
  /// Declares an option whose value is its text.
  init(_ name: String, _ valueName: String, _ help: String, required missingHint: String? = nil) {
    self.init(name, valueName, help, required: missingHint) { text throws(UsageError) in text }
  }

  /// Declares `--format`, whose value is one of a few words (`text|json`).
  static func format(_ choices: [String], _ help: String) -> Option<String> {
    Option("--format", choices.joined(separator: "|"), help) { text throws(UsageError) in
      guard choices.contains(text) else {
        throw UsageError(
          message: "unknown format '\(text)'",
          hint: "use one of " + choices.joined(separator: ", "))
      }
      return text
    }
  }
}

/// A flag, which takes no value.
struct Flag: OptionDeclaration {
  /// The name and help.
  let spec: OptionSpec

  /// Declares a flag.
  init(_ name: String, _ help: String) {
    spec = OptionSpec(name: name, valueName: nil, help: help, missingHint: nil)
  }
}
