/// A subcommand: its specification, and what it does with its options once they are read.
struct Command: Sendable {
  /// The name, options and help.
  let spec: CommandSpec
  /// Reads the options, then runs the command with them.
  private let start: @Sendable (ParsedArguments, CommandContext) throws(UsageError) -> ExitStatus
  /// Reads the options only.
  private let read: @Sendable (ParsedArguments, CommandContext) throws(UsageError) -> Void

  /// A command whose `run` receives its typed options: every option is read and checked before
  /// `run` starts, so a bad value is a usage error (exit 64) before anything is read or written.
  init<Options: CommandOptions>(
    spec: CommandSpec,
    run: @escaping @Sendable (Options, CommandContext) throws(UsageError) -> ExitStatus
  ) {
    self.spec = spec
    start = { arguments, context throws(UsageError) in
      let options = try Options(arguments, context: context)
      return try run(options, context)
    }
    read = { arguments, context throws(UsageError) in _ = try Options(arguments, context: context) }
  }

  /// Reads and checks the options without running the command.
  func readOptions(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    try read(arguments, context)
  }

  /// Reads the options and runs; usage problems are thrown, everything else ends in a status.
  func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError)
    -> ExitStatus
  {
    try start(arguments, context)
  }
}

/// What one command was asked, typed: made from the parsed command line before the command runs,
/// reading only the options the command declares.
protocol CommandOptions: Sendable {
  /// Reads and checks every option and argument; a value that does not read is a usage error.
  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError)
}
