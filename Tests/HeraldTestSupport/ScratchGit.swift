import Foundation

/// git in a scratch repository of a test, as a fixed committer, its output discarded.
public enum ScratchGit {
  /// Runs `git -C folder …` and returns its exit status.
  public static func run(_ arguments: [String], in folder: URL) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["git", "-C", folder.path, "-c", "user.name=t", "-c", "user.email=t@example.com"]
      + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}
