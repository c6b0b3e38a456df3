import HeraldCore

/// The options and positional arguments given to one subcommand.
struct ParsedArguments: Sendable {
  /// Values by option name (`--site` → `DIR`).
  private(set) var values: [String: String] = [:]
  /// Flags that were given.
  private(set) var flags: [String] = []
  /// Positional arguments in order.
  private(set) var positionals: [String] = []
  /// Whether `--help` or `-h` was given.
  private(set) var wantsHelp = false
  /// The command whose options these are.
  let command: CommandSpec

  /// The value of an option, typed by its declaration, if it was given.
  func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value? {
    try checkDeclared(option)
    guard let text = values[option.spec.name] else { return nil }
    return try option.read(text)
  }

  /// The value of a required option (the parser has made sure it was given).
  func required<Value>(_ option: Option<Value>) throws(UsageError) -> Value {
    guard let value = try value(option) else { throw Self.missing(option.spec) }
    return value
  }

  /// Whether an option was given, whatever its value.
  func isGiven(_ option: some OptionDeclaration) throws(UsageError) -> Bool {
    try checkDeclared(option)
    return values[option.spec.name] != nil || flags.contains(option.spec.name)
  }

  /// Whether a flag was given.
  func isSet(_ flag: Flag) throws(UsageError) -> Bool {
    try checkDeclared(flag)
    return flags.contains(flag.spec.name)
  }

  /// A command reads only what it declares (and so what its help lists); `CommandOptionsTests`
  /// reads every command's options, so a slip fails there rather than in a user's hands.
  private func checkDeclared(_ option: some OptionDeclaration) throws(UsageError) {
    guard command.options.contains(where: { $0.name == option.spec.name }) else {
      throw UsageError(
        message: "herald \(command.name) read \(option.spec.name), which it does not declare",
        hint: "this is a bug in herald: please report it")
    }
  }

  private static func missing(_ spec: OptionSpec) -> UsageError {
    UsageError(message: "missing \(spec.name)", hint: spec.missingHint)
  }

  /// Parses arguments against a command's options; an unknown option gets a suggestion.
  init(_ arguments: [String], for spec: CommandSpec) throws(UsageError) {
    command = spec
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      if argument == "--help" || argument == "-h" {
        wantsHelp = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = spec.options.first(where: { $0.name == name }) else {
        let suggestion = NearestName.suggestion(
          for: name, among: spec.options.map(\.name) + ["--help"])
        throw UsageError(
          message: "unknown option '\(name)'",
          hint: suggestion.map { "did you mean '\($0)'?" })
      }
      if option.valueName == nil {
        guard inlineValue == nil else {
          throw UsageError(message: "the flag '\(name)' takes no value")
        }
        if !flags.contains(name) { flags.append(name) }
        continue
      }
      if let inlineValue {
        values[name] = inlineValue
      } else {
        guard index < arguments.count else {
          throw UsageError(
            message: "missing value for '\(name) \(option.valueName ?? "VALUE")'")
        }
        values[name] = arguments[index]
        index += 1
      }
    }
    if !wantsHelp,
      let absent = spec.options.first(where: { $0.isRequired && values[$0.name] == nil })
    {
      throw Self.missing(absent)
    }
    let most = spec.positionals.count + spec.optionalPositionals.count
    if !wantsHelp && !(spec.positionals.count...most).contains(positionals.count) {
      if positionals.count < spec.positionals.count {
        throw UsageError(
          message: "missing argument \(spec.positionals[positionals.count])")
      }
      throw UsageError(message: "unexpected argument '\(positionals[most])'")
    }
  }
}
