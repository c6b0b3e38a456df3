import Foundation

/// Runs the built `herald` binary, as a user would, and captures what it prints.
public enum HeraldProcess {
  /// What one run printed and how it ended.
  public struct Result: Sendable {
    /// The exit status.
    public let status: Int32
    /// Standard output.
    public let stdout: String
    /// Standard error.
    public let stderr: String
    /// Whether the run was killed for taking longer than its time limit.
    public var timedOut = false
    /// Whether the run ended by a signal (then `status` is the signal's number).
    public var signaled = false
  }

  /// The binary that `swift build` put beside the test bundle.
  public static var executable: URL {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = testBinary.deletingLastPathComponent()
    while folder.path != "/" {
      let candidate = folder.appending(path: "herald")
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        return candidate
      }
      folder = folder.deletingLastPathComponent()
    }
    return Fixtures.packageRoot.appending(path: ".build/debug/herald")
  }

  /// Runs herald (or another program) with arguments in a folder, with extra environment
  /// variables, and waits for it; a run that outlives `timeLimit` is killed (a hang is then a
  /// failure, not a stuck test run).
  public static func run(
    _ arguments: [String], in directory: URL = Fixtures.packageRoot,
    environment: [String: String] = [:], timeLimit: TimeInterval = 120,
    program: URL = HeraldProcess.executable
  ) throws -> Result {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var merged = ProcessInfo.processInfo.environment
    merged["SOURCE_DATE_EPOCH"] = nil
    // Builds keep their cache in the test run's own folder, never in the user's ~/.cache.
    merged["HERALD_CACHE_DIR"] = Fixtures.cacheRoot
    merged["HERALD_TIMINGS"] = nil
    for (key, value) in environment { merged[key] = value }
    process.environment = merged
    // Files rather than pipes: a full pipe would block the child while nobody reads it.
    let output = try TemporaryDirectory()
    let stdoutURL = output.url.appending(path: "stdout")
    let stderrURL = output.url.appending(path: "stderr")
    _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
    let stdout = try FileHandle(forWritingTo: stdoutURL)
    let stderr = try FileHandle(forWritingTo: stderrURL)
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    let timedOut = finished.wait(timeout: .now() + timeLimit) == .timedOut
    if timedOut {
      kill(process.processIdentifier, SIGKILL)
      finished.wait()
    }
    try stdout.close()
    try stderr.close()
    var result = Result(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self))
    result.timedOut = timedOut
    result.signaled = process.terminationReason == .uncaughtSignal
    return result
  }

  /// The first executable of a name on the PATH, if any.
  public static func onPath(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appending(path: name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}
