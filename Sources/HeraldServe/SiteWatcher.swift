import Foundation
import HeraldFiles

/// Notices changes to a site by polling: herald.yaml, and everything under content/ and themes/.
///
/// Polling (every quarter of a second, a stat per file) rather than inotify: it needs no watch per
/// folder, sees folders created or deleted while it runs, and copes with editors that save by
/// writing a new file and renaming it, at a cost that stays small for sites of thousands of records.
public struct SiteWatcher: Sendable {
  /// The site folder.
  public let siteDirectory: String

  /// Makes a watcher for a site folder.
  public init(siteDirectory: String) { self.siteDirectory = siteDirectory }

  /// What the watched files look like now: every path with its size and modification time.
  public func snapshot() -> [String] {
    var entries: [String] = []
    func add(_ relative: String) {
      var status = stat()
      guard stat(siteDirectory + "/" + relative, &status) == 0 else { return }
      let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
      entries.append("\(relative) \(status.st_size) \(modified)")
    }
    add("herald.yaml")
    for folder in ["content", "themes"] {
      for file in FileSystem.files(under: siteDirectory + "/" + folder) {
        add(folder + "/" + file)
      }
    }
    return entries
  }

  /// Blocks until the site changes and then stays unchanged for `quiet` (so that a burst of
  /// saves is one rebuild), or until `stop` returns true; returns whether it changed.
  public func waitForChange(
    from before: [String], interval: TimeInterval = 0.25, quiet: TimeInterval = 0.2,
    stop: () -> Bool
  ) -> [String]? {
    var previous = before
    var changedAt: Date?
    while !stop() {
      Thread.sleep(forTimeInterval: interval)
      let current = snapshot()
      if current != previous {
        previous = current
        changedAt = Date()
      } else if let changedAt, Date().timeIntervalSince(changedAt) >= quiet {
        return current
      }
    }
    return nil
  }
}
