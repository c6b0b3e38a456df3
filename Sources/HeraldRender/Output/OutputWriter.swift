import Foundation
import HeraldCore
import HeraldFiles

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

  /// Renders every file and swaps the new tree in; on any failure the previous output is left as
  /// it was, and when no file changed the previous output is not touched at all.
  public func write(
    _ files: [String], force: Bool, render: @escaping @Sendable (String) throws -> [UInt8]
  ) throws -> Summary {
    let target = outputDirectory
    try checkTarget(force: force)
    let all = files + [Self.markerName]
    let renderFile: @Sendable (String) throws -> [UInt8] = { path in
      path == Self.markerName ? Array(Self.markerText.utf8) : try render(path)
    }
    let previous = Set(isDirectory(target) ? FileSystem.files(under: target) : [])
    let staging = stagingPath()
    let parent = (staging as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    } catch {
      throw OutputError.io(parent, "cannot create the folder")
    }
    try? FileSystem.removeTree(staging)
    do {
      var summary: Summary
      if previous.isEmpty {
        // A first build: nothing to compare with, so each file goes to disk as it is rendered.
        try makeFolders(for: all, in: staging)
        let outcomes = all.concurrentMap { file -> Result<Void, any Error> in
          Result { try Self.write(try renderFile(file), to: staging + "/" + file) }
        }
        for outcome in outcomes { try outcome.get() }
        summary = Summary(written: all.count, unchanged: 0, removed: 0)
      } else {
        // A rebuild: render and compare first, keeping only the bytes that changed; a rebuild
        // that changes nothing then touches nothing.
        let outcomes = all.concurrentMap { file -> Result<[UInt8]?, any Error> in
          Result {
            let bytes = try renderFile(file)
            let unchanged =
              previous.contains(file) && FileSystem.read(target + "/" + file) == bytes
            return unchanged ? nil : bytes
          }
        }
        let changed = try outcomes.map { try $0.get() }
        let removed = previous.subtracting(all).count
        let written = changed.count { $0 != nil }
        summary = Summary(written: written, unchanged: all.count - written, removed: removed)
        if written == 0 && removed == 0 { return summary }
        try makeFolders(for: all, in: staging)
        let placed = zip(all, changed).map { ($0, $1) }.concurrentMap {
          file, bytes -> Result<Void, any Error> in
          Result {
            if let bytes {
              try Self.write(bytes, to: staging + "/" + file)
            } else {
              try Self.keep(target + "/" + file, at: staging + "/" + file)
            }
          }
        }
        for outcome in placed { try outcome.get() }
      }
      try swap(staging, into: target)
      return summary
    } catch {
      try? FileSystem.removeTree(staging)
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

  /// Creates the staging folder and every folder the files need, parents first, each level in
  /// parallel.
  private func makeFolders(for files: [String], in staging: String) throws(OutputError) {
    var folders = Set<String>()
    for file in files {
      var folder = (file as NSString).deletingLastPathComponent
      while !folder.isEmpty && folders.insert(folder).inserted {
        folder = (folder as NSString).deletingLastPathComponent
      }
    }
    try Self.makeDirectory(staging)
    let levels = Dictionary(grouping: folders) { $0.count { $0 == "/" } }
    for depth in levels.keys.sorted() {
      let made = (levels[depth] ?? []).concurrentMap { folder -> OutputError? in
        do throws(OutputError) {
          try Self.makeDirectory(staging + "/" + folder)
          return nil
        } catch {
          return error
        }
      }
      if let failure = made.compactMap({ $0 }).first { throw failure }
    }
  }

  /// Writes a file, as an output error.
  private static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
    do throws(FileSystemError) {
      try FileSystem.write(bytes, to: path)
    } catch {
      throw .io(error.path, error.reason)
    }
  }

  /// Puts an unchanged file into the new tree: a hard link keeps its inode and modification time;
  /// where links are refused, a copy gets the previous file's times.
  private static func keep(_ previous: String, at path: String) throws(OutputError) {
    guard !FileSystem.link(previous, to: path) else { return }
    guard let bytes = FileSystem.read(previous) else { throw .io(previous, "cannot be read") }
    try write(bytes, to: path)
    FileSystem.copyTimes(from: previous, to: path)
  }

  private static func makeDirectory(_ path: String) throws(OutputError) {
    do throws(FileSystemError) {
      try FileSystem.makeDirectory(path)
    } catch {
      throw .io(error.path, error.reason)
    }
  }

  /// Puts the staging folder in the target's place in one step, then removes the previous tree.
  private func swap(_ staging: String, into target: String) throws(OutputError) {
    do throws(FileSystemError) {
      guard FileManager.default.fileExists(atPath: target) else {
        try FileSystem.rename(staging, to: target)
        return
      }
      do {
        try FileSystem.exchange(staging, with: target)
        try? FileSystem.removeTree(staging)
        return
      } catch {
        // Without renameat2 (another kernel or file system): two renames, a moment apart.
        let previous = staging + ".previous"
        try? FileSystem.removeTree(previous)
        try FileSystem.rename(target, to: previous)
        do {
          try FileSystem.rename(staging, to: target)
        } catch {
          try? FileSystem.rename(previous, to: target)
          throw error
        }
        try? FileSystem.removeTree(previous)
      }
    } catch {
      throw .io(error.path, error.reason)
    }
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
