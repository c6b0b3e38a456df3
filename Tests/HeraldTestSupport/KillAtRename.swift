import Foundation

/// Stops a herald run at one exact step of putting its files in place: the process kills itself
/// (SIGKILL) just before its Nth rename (`Tests/Fixtures/tools/kill-at-rename.c`, loaded with
/// `LD_PRELOAD`), as a power cut or the OOM killer would.
public enum KillAtRename {
  /// The preloaded library, compiled once per test run with the system's C compiler; nil (with
  /// the reason) where there is none.
  public static let library: Result<String, KillAtRenameUnavailable> = {
    let source = Fixtures.root.appending(path: "tools/kill-at-rename.c").path
    let built = Fixtures.cacheRoot + "/kill-at-rename.so"
    for compiler in ["/usr/bin/cc", "/usr/bin/gcc", "/usr/bin/clang"]
    where FileManager.default.isExecutableFile(atPath: compiler) {
      let result = try? HeraldProcess.run(
        ["-shared", "-fPIC", "-O1", "-o", built, source, "-ldl"],
        program: URL(fileURLWithPath: compiler))
      if result?.status == 0 { return .success(built) }
      return .failure(
        KillAtRenameUnavailable(reason: "\(compiler) failed: \(result?.stderr ?? "")"))
    }
    return .failure(KillAtRenameUnavailable(reason: "no C compiler (cc, gcc or clang) in /usr/bin"))
  }()

  /// The environment that makes a run kill itself before its `rename`th rename (counted from 1).
  public static func environment(at rename: Int) throws -> [String: String] {
    ["LD_PRELOAD": try library.get(), "HERALD_TEST_KILL_AT_RENAME": String(rename)]
  }

  /// The environment that makes a run kill itself before it removes its `unlink`th file (counted
  /// from 1; removing an empty folder does not count).
  ///
  /// A folder kept in memory (a tmpfs temporary folder) is taken for a disk, so files that replace
  /// files are exchanged and then removed.
  public static func environment(atUnlink unlink: Int) throws -> [String: String] {
    [
      "LD_PRELOAD": try library.get(), "HERALD_TEST_KILL_AT_UNLINK": String(unlink),
      "HERALD_TEST_ON_DISK": "1",
    ]
  }
}

/// Why runs cannot be stopped at a rename here.
public struct KillAtRenameUnavailable: Error, CustomStringConvertible {
  /// What was missing or failed.
  public let reason: String
  /// The reason.
  public var description: String { reason }
}
