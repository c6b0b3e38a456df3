import Foundation
import HeraldFiles

#if canImport(Glibc)
  import Glibc
#endif

/// A folder of this process's own under a temporary folder (`herald-<purpose>-<pid>-<random>`),
/// removed when it is released; one that a killed process left behind is removed by the next
/// herald that makes one for the same purpose (its process no longer runs).
final class TemporaryFolder: Sendable {
  /// The folder's path (made by whoever writes into it).
  let path: String

  /// Names a new folder for a purpose (`base`, `serve`) under `parent` (the system's temporary
  /// folder by default), removing the abandoned ones of that purpose first.
  init(purpose: String, in parent: String = FileManager.default.temporaryDirectory.path) {
    let prefix = "herald-\(purpose)-"
    Self.removeAbandoned(prefix: prefix, in: parent)
    path = parent + "/" + prefix + "\(getpid())-\(UUID().uuidString.prefix(8))"
  }

  deinit { remove() }

  /// Removes the folder now.
  func remove() { try? FileSystem.removeTree(path) }

  /// Where files a process keeps only while it runs go: `TMPDIR` when it is set, else `/dev/shm`
  /// (memory, where writing thousands of small files costs no disk), else the temporary folder.
  static func memoryParent(environment: [String: String]) -> String {
    if var folder = environment["TMPDIR"], !folder.isEmpty {
      while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
      return folder
    }
    let memory = "/dev/shm"
    if FileSystem.kind(of: memory) == .directory && access(memory, W_OK | X_OK) == 0 {
      return memory
    }
    return FileManager.default.temporaryDirectory.path
  }

  /// Removes the folders of a purpose whose process no longer runs.
  static func removeAbandoned(prefix: String, in parent: String) {
    for entry in FileSystem.listNames(parent) ?? [] where entry.name.hasPrefix(prefix) {
      let pid = entry.name.dropFirst(prefix.count).prefix { $0.isNumber }
      guard let number = Int32(pid), number != getpid(), kill(number, 0) != 0, errno == ESRCH
      else { continue }
      try? FileSystem.removeTree(parent + "/" + entry.name)
    }
  }
}
