import Foundation
import HeraldCLI

/// What a command printed and returned, run in this process through
/// `HeraldCommandLine.run(_:console:environment:)`: no binary, no shell.
struct InProcessRun: Sendable {
  /// The exit status.
  let status: Int32
  /// Everything written to standard output.
  let stdout: String
  /// Everything written to standard error.
  let stderr: String

  /// Runs a command line (without the program name) with an environment of its own: the time is
  /// fixed and no cache is shared with other tests unless one is given.
  static func run(_ arguments: [String], environment: [String: String] = [:]) -> InProcessRun {
    let out = Capture()
    let err = Capture()
    let console = Console(writeOut: out.append, writeError: err.append)
    let status = HeraldCommandLine.run(
      arguments, console: console,
      environment: ["SOURCE_DATE_EPOCH": "1796040000"].merging(environment) { $1 })
    return InProcessRun(status: status, stdout: out.text, stderr: err.text)
  }
}

/// Text written from any thread, kept in order.
private final class Capture: @unchecked Sendable {
  private let lock = NSLock()
  private var chunks: [String] = []

  func append(_ text: String) { lock.withLock { chunks.append(text) } }

  var text: String { lock.withLock { chunks.joined() } }
}
