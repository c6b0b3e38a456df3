/// What a subcommand accepts and how its help reads.
struct CommandSpec: Sendable {
  /// The subcommand's name.
  let name: String
  /// One line saying what it does.
  let abstract: String
  /// Positional arguments, by placeholder (`ID`); all of them are required.
  var positionals: [String] = []
  /// Positional arguments that may be left out, after the required ones (`[DIR]`).
  var optionalPositionals: [String] = []
  /// The options.
  let options: [OptionSpec]
  /// A paragraph of further help.
  var discussion: String?

  /// Declares a command from its options' declarations, which its `run` reads them through.
  init(
    name: String, abstract: String, positionals: [String] = [],
    optionalPositionals: [String] = [], options: [any OptionDeclaration],
    discussion: String? = nil
  ) {
    self.name = name
    self.abstract = abstract
    self.positionals = positionals
    self.optionalPositionals = optionalPositionals
    self.options = options.map(\.spec)
    self.discussion = discussion
  }

  /// The usage line: `herald check [--site DIR] …`.
  var usage: String {
    (["herald", name] + positionals + optionalPositionals.map { "[\($0)]" } + options.map(\.usage))
      .joined(separator: " ")
  }

  /// The whole `--help` text.
  var help: String {
    var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage)\n"
    if let discussion { text += "\n\(discussion)\n" }
    text += "\nOPTIONS:\n"
    let rows =
      options.map { ($0.name + ($0.valueName.map { " \($0)" } ?? ""), $0.help) }
      + [("-h, --help", "Show help for this command.")]
    let width = rows.map(\.0.count).max() ?? 0
    for (name, help) in rows {
      text += "  " + name + String(repeating: " ", count: width - name.count + 2) + help + "\n"
    }
    return text
  }
}
