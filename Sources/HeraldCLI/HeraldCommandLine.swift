import Foundation
import HeraldCore

/// The `herald` command line.
///
/// It finds the subcommand, parses its options, runs it and returns the exit status; `main.swift`
/// only calls `run`.
package enum HeraldCommandLine {
  /// The tool's version.
  package static let version = HeraldVersion.current

  /// The subcommands that work, in the order `--help` lists them.
  static let commands: [Command] = [
    InitCommand.command, NewCommand.command, CheckCommand.command, BuildCommand.command,
    ServeCommand.command, DiffCommand.command, ExplainCommand.command, KeysCommand.command,
    SignCommand.command, DeployCommand.command,
  ]

  /// The subcommands' names, in the order `--help` lists them.
  package static var commandNames: [String] { commands.map(\.spec.name) }

  /// The usage error a command line (without the program name) has, or nil: its command's
  /// options are read and checked as `run` reads them, and nothing runs.
  package static func usageError(
    _ arguments: [String], environment: [String: String] = [:]
  ) -> (message: String, hint: String?)? {
    let context = CommandContext(
      console: Console(writeOut: { _ in }, writeError: { _ in }), environment: environment)
    guard let command = commands.first(where: { $0.spec.name == arguments.first }) else {
      return ("unknown command", nil)
    }
    do throws(UsageError) {
      let parsed = try ParsedArguments(Array(arguments.dropFirst()), for: command.spec)
      try command.readOptions(parsed, context: context)
      return nil
    } catch {
      return (error.message, error.hint)
    }
  }

  /// Runs the command line (without the program name) and returns the exit status.
  package static func run(
    _ arguments: [String], console: Console = .standard,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Int32 {
    let context = CommandContext(console: console, environment: environment)
    guard let first = arguments.first else {
      console.writeError(help)
      console.error("error: missing command")
      return ExitStatus.usage.rawValue
    }
    switch first {
    case "--help", "-h", "help":
      if first == "help", arguments.count > 1 {
        return run([arguments[1], "--help"], console: console, environment: environment)
      }
      console.writeOut(help)
      return ExitStatus.success.rawValue
    case "--version":
      console.out(version)
      return ExitStatus.success.rawValue
    default:
      break
    }
    guard let command = commands.first(where: { $0.spec.name == first }) else {
      let names = commands.map(\.spec.name)
      let suggestion = NearestName.suggestion(
        for: first, among: first.hasPrefix("-") ? ["--help", "--version"] : names)
      report(
        UsageError(
          message: first.hasPrefix("-")
            ? "unknown option '\(first)'" : "unknown command '\(first)'",
          hint: suggestion.map { "did you mean '\($0)'?" }),
        usage: "herald <command> [options]", helpCommand: "herald --help", console: console)
      return ExitStatus.usage.rawValue
    }
    do throws(UsageError) {
      let parsed = try ParsedArguments(Array(arguments.dropFirst()), for: command.spec)
      if parsed.wantsHelp {
        console.writeOut(command.spec.help)
        return ExitStatus.success.rawValue
      }
      return try command.run(parsed, context: context).rawValue
    } catch {
      report(
        error, usage: command.spec.usage, helpCommand: "herald \(command.spec.name) --help",
        console: console)
      return ExitStatus.usage.rawValue
    }
  }

  /// The tool's `--help` text, listing only the commands that work.
  static var help: String {
    var text = """
      OVERVIEW: herald builds a what's-new channel for an app from announcement files: an HTML
      archive, per-version JSON manifests and an Atom feed.

      USAGE: herald <command> [options]

      COMMANDS:

      """
    let width = commands.map(\.spec.name.count).max() ?? 0
    for command in commands {
      let name = command.spec.name
      text +=
        "  \(name)" + String(repeating: " ", count: width - name.count + 2)
        + command.spec.abstract + "\n"
    }
    text += """

      OPTIONS:
        --version   Show the version.
        -h, --help  Show help. 'herald <command> --help' shows a command's options.

      """
    return text
  }

  private static func report(
    _ error: UsageError, usage: String, helpCommand: String, console: Console
  ) {
    console.error("error: \(error.message)")
    if let hint = error.hint { console.error("  hint: \(hint)") }
    console.error("usage: \(usage)")
    console.error("  See '\(helpCommand)' for more information.")
  }
}
