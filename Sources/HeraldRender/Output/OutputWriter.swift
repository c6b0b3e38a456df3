import CFileSystem
import Foundation
import HeraldCore

#if canImport(Glibc)
  import Glibc
#endif

/// Writes an output tree beside the target folder and swaps it in whole (DESIGN §3).
///
/// A file whose bytes did not change is hard-linked from the previous tree, so it keeps its
/// modification time; when nothing changed at all, the target is not touched. Files are written
/// with POSIX calls: Foundation's `Data.write` syncs every file on Linux, which is several times
/// slower on thousands of files.
public struct OutputWriter: Sendable {
  /// The marker herald leaves in its own output, so it never replaces a folder it did not write.
  public static let markerName = ".herald-output"
  static let markerText = "This folder is written by herald build, which replaces it whole.\n"

  /// The output folder.
  public let outputDirectory: String
  /// The site folder, which the output may never contain.
  public let siteDirectory: String

  /// Makes a writer for an output folder of a site.
  public init(outputDirectory: String, siteDirectory: String) {
    var output = outputDirectory
    while output.count > 1 && output.hasSuffix("/") { output.removeLast() }
    self.outputDirectory = output
    self.siteDirectory = siteDirectory
  }

  /// What a write did.
  public struct Summary: Sendable, Equatable {
    /// Files whose bytes are new or changed.
    public var written = 0
    /// Files whose bytes are the same as before (their modification time is kept).
    public var unchanged = 0
    /// Files of the previous tree that are gone.
    public var removed = 0
  }

  /// Renders every file into a staging folder and swaps it in; on any failure the previous output
  /// is left as it was.
  public func write(
    _ files: [String], force: Bool, render: @Sendable (String) throws -> [UInt8]
  ) throws -> Summary {
    let target = outputDirectory
    try checkTarget(force: force)
    let staging = stagingPath()
    let parent = (staging as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    } catch {
      throw OutputError.io(parent, "cannot create the folder")
    }
    try? FileManager.default.removeItem(atPath: staging)
    do {
      var summary = try fill(
        staging, with: files + [Self.markerName],
        render: { path in
          path == Self.markerName ? Array(Self.markerText.utf8) : try render(path)
        })
      summary.removed = countRemoved(keeping: Set(files + [Self.markerName]), in: target)
      if summary.written == 0 && summary.removed == 0 && isDirectory(target) {
        try? FileManager.default.removeItem(atPath: staging)
        return summary
      }
      try swap(staging, into: target)
      return summary
    } catch {
      try? FileManager.default.removeItem(atPath: staging)
      throw error
    }
  }

  private func stagingPath() -> String {
    let url = URL(fileURLWithPath: outputDirectory)
    return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".herald-staging"
  }

  private func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// Refuses a target that is the site, holds the site, is a file, or is a folder herald did not
  /// write (unless forced).
  private func checkTarget(force: Bool) throws(OutputError) {
    let target = URL(fileURLWithPath: outputDirectory).standardizedFileURL.resolvingSymlinksInPath()
    let site = URL(fileURLWithPath: siteDirectory).standardizedFileURL.resolvingSymlinksInPath()
    if target.path == "/" || site.path == target.path || site.path.hasPrefix(target.path + "/") {
      throw .containsSite(outputDirectory)
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: outputDirectory, isDirectory: &isDirectory) else {
      return
    }
    guard isDirectory.boolValue else { throw .notADirectory(outputDirectory) }
    let contents = (try? FileManager.default.contentsOfDirectory(atPath: outputDirectory)) ?? []
    if !contents.isEmpty && !contents.contains(Self.markerName) && !force {
      throw .notHeraldOutput(outputDirectory)
    }
  }

  /// Writes or links every file into the staging folder.
  private func fill(
    _ staging: String, with files: [String], render: @Sendable (String) throws -> [UInt8]
  ) throws -> Summary {
    var folders = Set<String>()
    for file in files {
      var folder = (file as NSString).deletingLastPathComponent
      while !folder.isEmpty && folders.insert(folder).inserted {
        folder = (folder as NSString).deletingLastPathComponent
      }
    }
    try makeDirectory(staging)
    for folder in folders.sorted(by: { $0.count < $1.count }) {
      try makeDirectory(staging + "/" + folder)
    }
    let previous = outputDirectory
    let outcomes = files.concurrentMap { file -> Result<Bool, any Error> in
      Result {
        let bytes = try render(file)
        return try Self.place(bytes, at: staging + "/" + file, previous: previous + "/" + file)
      }
    }
    var summary = Summary()
    for outcome in outcomes {
      if try outcome.get() { summary.unchanged += 1 } else { summary.written += 1 }
    }
    return summary
  }

  /// Links the previous file when its bytes are the same (returning true), else writes the bytes.
  private static func place(_ bytes: [UInt8], at path: String, previous: String) throws(OutputError)
    -> Bool
  {
    if let old = readFile(previous), old == bytes {
      if link(previous, path) == 0 { return true }
      try writeFile(bytes, to: path)
      var times = [timespec](repeating: timespec(), count: 2)
      var status = stat()
      if stat(previous, &status) == 0 {
        times[0] = status.st_atim
        times[1] = status.st_mtim
        _ = utimensat(AT_FDCWD, path, &times, 0)
      }
      return true
    }
    try writeFile(bytes, to: path)
    return false
  }

  /// Reads a whole file with POSIX calls, or nil when it cannot be read.
  static func readFile(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    let size = Int(status.st_size)
    var bytes = [UInt8](repeating: 0, count: size)
    var offset = 0
    while offset < size {
      let count = bytes.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress.map { $0 + offset }, size - offset)
      }
      guard count > 0 else { return nil }
      offset += count
    }
    return bytes
  }

  /// Writes a whole file with POSIX calls (no fsync: the swap, not the disk, makes it atomic).
  static func writeFile(_ bytes: [UInt8], to path: String) throws(OutputError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .io(path, String(cString: strerror(errno))) }
    defer { close(descriptor) }
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, bytes.count - offset)
      }
      guard count > 0 else { throw .io(path, String(cString: strerror(errno))) }
      offset += count
    }
  }

  private func makeDirectory(_ path: String) throws(OutputError) {
    if mkdir(path, 0o755) != 0 && errno != EEXIST {
      throw .io(path, String(cString: strerror(errno)))
    }
  }

  /// How many files of the previous tree the new one no longer has.
  private func countRemoved(keeping files: Set<String>, in target: String) -> Int {
    guard let walker = FileManager.default.enumerator(atPath: target) else { return 0 }
    var removed = 0
    for case let path as String in walker {
      if !files.contains(path) && !isDirectory(target + "/" + path) { removed += 1 }
    }
    return removed
  }

  /// Puts the staging folder in the target's place in one step, then removes the previous tree.
  private func swap(_ staging: String, into target: String) throws(OutputError) {
    guard FileManager.default.fileExists(atPath: target) else {
      guard rename(staging, target) == 0 else {
        throw .io(target, String(cString: strerror(errno)))
      }
      return
    }
    if herald_exchange_paths(staging, target) == 0 {
      try? FileManager.default.removeItem(atPath: staging)
      return
    }
    // Without renameat2 (another kernel or file system): two renames, a moment apart.
    let previous = staging + ".previous"
    try? FileManager.default.removeItem(atPath: previous)
    guard rename(target, previous) == 0 else { throw .io(target, String(cString: strerror(errno))) }
    guard rename(staging, target) == 0 else {
      _ = rename(previous, target)
      throw .io(target, String(cString: strerror(errno)))
    }
    try? FileManager.default.removeItem(atPath: previous)
  }
}

/// Why the output could not be written (exit status 74).
public enum OutputError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The target is a non-empty folder without herald's marker.
  case notHeraldOutput(String)
  /// The target is a file.
  case notADirectory(String)
  /// The target is the site folder or holds it.
  case containsSite(String)
  /// A system call failed.
  case io(String, String)

  /// A message for standard error.
  public var description: String {
    switch self {
    case .notHeraldOutput(let path):
      return "\(path) is not empty and was not written by herald; refusing to replace it"
    case .notADirectory(let path): return "\(path) is a file, not a folder"
    case .containsSite(let path): return "the output \(path) would replace the site itself"
    case .io(let path, let reason): return "cannot write \(path): \(reason)"
    }
  }

  /// What to do about it.
  public var hint: String? {
    switch self {
    case .notHeraldOutput: return "pass --force to replace it, or choose another --output"
    case .containsSite: return "choose an output folder inside the site, such as public/"
    default: return nil
    }
  }
}
