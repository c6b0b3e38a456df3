import Foundation
import HeraldFiles

/// Notices changes to a site: herald.yaml, and everything under content/ and themes/.
///
/// A change is what a snapshot (a stat per file) says differs, so the answer never depends on
/// which events a file system reports. inotify, where there is one, only says when to look: a
/// save is seen at once and rebuilt after 50 ms of quiet. Without it (or past the watch limit)
/// the watcher polls every quarter of a second, which also catches anything an event missed.
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

  /// Blocks until the site changes and then stays unchanged for a quiet spell (so that a burst
  /// of saves is one rebuild), or until `stop` returns true; returns the new snapshot, or nil.
  ///
  /// `quiet` is the spell when polling; with inotify it is `eventQuiet`, as events leave no gap.
  public func waitForChange(
    from before: [String], interval: TimeInterval = 0.25, quiet: TimeInterval = 0.2,
    eventQuiet: TimeInterval = 0.05, stop: () -> Bool
  ) -> [String]? {
    let events = FolderEvents.make()
    var listening = events?.watch(folders(in: before)) ?? false
    var previous = before
    var changedAt: Date?
    // With events, look once at once: something may have changed while the caller rebuilt.
    var looked = !listening
    while !stop() {
      let spell = listening ? eventQuiet : quiet
      if let events, listening {
        if looked {
          let woken = events.wait(timeout: changedAt == nil ? interval : spell)
          // A change seen, then a quiet spell without one event: nothing more was written, and
          // whatever an event missed is seen by the next call's first look.
          if !woken, changedAt != nil { return previous }
        }
      } else {
        Thread.sleep(forTimeInterval: interval)
      }
      looked = true
      let current = snapshot()
      if let events, listening { listening = events.watch(folders(in: current)) }
      if current != previous {
        previous = current
        changedAt = Date()
      } else if let changedAt, Date().timeIntervalSince(changedAt) >= spell {
        return current
      }
    }
    return nil
  }

  /// The folders whose events matter: the site, content/, themes/ and every folder holding a file.
  private func folders(in snapshot: [String]) -> [String] {
    var relative: Set<String> = ["", "content", "themes"]
    for entry in snapshot {
      // An entry is "path size mtime"; a path may hold spaces, the two numbers never do.
      guard let mtime = entry.lastIndex(of: " "),
        let size = entry[..<mtime].lastIndex(of: " ")
      else { continue }
      var folder = entry[..<size]
      while let slash = folder.lastIndex(of: "/") {
        folder = folder[..<slash]
        guard relative.insert(String(folder)).inserted else { break }
      }
    }
    return relative.sorted().map { $0.isEmpty ? siteDirectory : siteDirectory + "/" + $0 }
  }
}
