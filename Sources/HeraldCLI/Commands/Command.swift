/// A subcommand: its specification and what it does with parsed arguments.
struct Command: Sendable {
  /// The name, options and help.
  let spec: CommandSpec
  /// Runs the command; usage problems are thrown, everything else ends in an exit status.
  let run: @Sendable (ParsedArguments, CommandContext) throws(UsageError) -> ExitStatus
}
