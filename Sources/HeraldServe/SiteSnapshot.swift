import Foundation
import HeraldCore
import HeraldFiles

#if canImport(Glibc)
  import Glibc
#endif

/// What the watched files of a site look like at one moment: every file's path, size and
/// modification time, and the folders that hold them.
///
/// Two snapshots that are equal mean no file a build reads has changed. Each folder is read
/// through its own descriptor and each file is looked at relative to it (`fstatat`), rather than
/// by a path the kernel walks from `/` for every file.
package struct SiteSnapshot: Equatable, Sendable {
  /// One file: its path relative to the site, its size in bytes and its modification time.
  package struct Entry: Equatable, Sendable, CustomStringConvertible {
    /// The path relative to the site folder.
    package let path: String
    /// The size in bytes.
    package let size: Int64
    /// The modification time in nanoseconds since 1970.
    package let modified: Int64

    /// "path size mtime", as the watcher's tests and traces show an entry.
    package var description: String { "\(path) \(size) \(modified)" }
  }

  /// The files, in the order the walk finds them: the same on every walk of the same tree.
  package let entries: [Entry]
  /// The site, content/, i18n/, themes/ and every folder under them, relative to the site (""
  /// is the site itself): where a new file can appear.
  package let folders: [String]

  /// The folders of a site a build reads, besides herald.yaml: the records, the themes and the
  /// site's own words (`i18n/<locale>.yaml`).
  package static let watchedFolders = ["content", "i18n", "themes"]

  /// Takes a snapshot of herald.yaml and everything under content/, i18n/ and themes/ of a site.
  package init(siteDirectory: String) {
    var walk = Walk(root: siteDirectory)
    walk.add(file: "herald.yaml")
    walk.folders = [""] + Self.watchedFolders
    for folder in Self.watchedFolders { walk.descend(into: folder) }
    entries = walk.entries
    folders = walk.folders.sortedBytewise()
  }

  /// Whether two snapshots hold the same files with the same sizes and times; folders are not
  /// compared, so making an empty folder rebuilds nothing (it is watched from the next look).
  package static func == (lhs: SiteSnapshot, rhs: SiteSnapshot) -> Bool {
    lhs.entries == rhs.entries
  }

  /// The walk over a site's folders, one descriptor per folder.
  private struct Walk {
    let root: String
    var entries: [Entry] = []
    var folders: [String] = []

    /// Adds a file by its path from the root.
    mutating func add(file relative: String) {
      if let entry = Self.entry(relative, name: root + "/" + relative, in: AT_FDCWD) {
        entries.append(entry)
      }
    }

    /// Adds every file under a folder; its subfolders are walked with a stack of their own, so a
    /// deep tree cannot exhaust the call stack.
    mutating func descend(into start: String) {
      var pending = [start]
      while let relative = pending.popLast() {
        let descriptor = open(root + "/" + relative, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { continue }
        defer { close(descriptor) }
        guard let listed = FileSystem.listNames(inFolder: descriptor) else { continue }
        var files: [String] = []
        for (name, type) in listed {
          if type == Int32(DT_DIR) {
            pending.append(relative + "/" + name)
            folders.append(relative + "/" + name)
          } else {
            files.append(name)
          }
        }
        // A folder of records holds thousands of files: they are looked at on every core (one
        // core took 25 ms for 10,000, on the way from a save to its rebuild).
        let found = files.concurrentMap {
          Self.entry(relative + "/" + $0, name: $0, in: descriptor)
        }
        entries += found.compactMap { $0 }
      }
    }

    /// A file's entry, by its name in an open folder (or its path, in `AT_FDCWD`); nil when it is
    /// gone.
    static func entry(_ relative: String, name: String, in descriptor: Int32) -> Entry? {
      var status = stat()
      guard fstatat(descriptor, name, &status, 0) == 0 else { return nil }
      let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
      return Entry(path: relative, size: Int64(status.st_size), modified: modified)
    }
  }
}
