import Foundation

/// Where a command writes: results to standard output, errors to standard error.
package struct Console: Sendable {
  /// Writes to standard output.
  package let writeOut: @Sendable (String) -> Void
  /// Writes to standard error.
  package let writeError: @Sendable (String) -> Void

  /// Makes a console from two writers (tests capture the text this way).
  package init(
    writeOut: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void
  ) {
    self.writeOut = writeOut
    self.writeError = writeError
  }

  /// The process's standard output and standard error.
  package static let standard = Console(
    writeOut: { FileHandle.standardOutput.write(Data($0.utf8)) },
    writeError: { FileHandle.standardError.write(Data($0.utf8)) })

  /// Writes a line to standard output.
  func out(_ line: String) { writeOut(line + "\n") }

  /// Writes a line to standard error.
  func error(_ line: String) { writeError(line + "\n") }
}
