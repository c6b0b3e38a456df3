import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program from an async test and awaits its end on a thread of its own, never blocking
/// one of Swift's few cooperative threads (which a server in the test process may need meanwhile,
/// as `HeraldProcess.run`, which blocks, would).
public enum SpawnedProcess {
  /// How a run ended and what it printed.
  public struct Result: Sendable {
    public let status: Int32
    public let stdout: String
  }

  /// Runs a program with arguments and waits for it on a thread of its own, never on one of
  /// Swift's few cooperative threads (which a server in the test process may need meanwhile).
  public static func run(_ program: URL, _ arguments: [String]) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(with: Swift.Result { try runBlocking(program, arguments) })
      }
    }
  }

  /// Runs a program with arguments and waits for it (standard error is discarded).
  private static func runBlocking(_ program: URL, _ arguments: [String]) throws -> Result {
    let output = try TemporaryDirectory()
    let stdoutPath = output.path("stdout")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([program.path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var environment = ProcessInfo.processInfo.environment
    environment["HERALD_CACHE_DIR"] = Fixtures.cacheRoot
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in envp { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, program.path, &actions, nil, argv, envp)
    guard spawned == 0 else { throw CocoaError(.executableNotLoadable) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return Result(
      status: exit,
      stdout: String(
        decoding: try Data(contentsOf: URL(fileURLWithPath: stdoutPath)), as: UTF8.self))
  }
}

/// A gzip body that decodes to a great many spaces: about 160 bytes for each byte sent, written
/// by hand with deflate's fixed codes (a literal space, then matches of 258 bytes at distance
/// one), and never ended, as a hostile server would send it.
public enum GzipBomb {
  /// A body of about `size` bytes.
  public static func body(size: Int) -> [UInt8] {
    // Block header (not final, fixed codes), the literal space, then one match of 258 at
    // distance 1, repeated: 13 bits each, so the bytes repeat every 13 from the third on.
    let prefix: [UInt8] = [0x52, 0x18]
    let period: [UInt8] = [
      0x05, 0xA3, 0x60, 0x14, 0x8C, 0x82, 0x51, 0x30, 0x0A, 0x46, 0xC1, 0x28, 0x18,
    ]
    var bytes: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3] + prefix
    bytes.reserveCapacity(size + 13)
    while bytes.count < size { bytes += period }
    return bytes
  }
}
