import Foundation

/// Notices changes to a site: herald.yaml, and everything under content/, i18n/ and themes/.
///
/// A change is what a snapshot (a stat per file) says differs, so the answer never depends on
/// which events a file system reports. inotify, where there is one, only says when to look: a
/// save is seen at once and its rebuild kept once 20 ms of quiet follow (an editor's save, even a
/// write to a temporary file renamed over the record, is one burst well inside that; a burst
/// with a longer gap is two rebuilds, the second of the whole change). Without it (or past the
/// watch limit) the watcher polls every quarter of a second, which also catches anything an
/// event missed.
package struct SiteWatcher: Sendable {
  /// The site folder.
  package let siteDirectory: String

  /// Makes a watcher for a site folder.
  package init(siteDirectory: String) { self.siteDirectory = siteDirectory }

  /// The gap that ends a burst of events.
  static let burst: TimeInterval = 0.002

  /// What the watched files look like now: every path with its size and modification time.
  package func snapshot() -> SiteSnapshot { SiteSnapshot(siteDirectory: siteDirectory) }

  /// Blocks until the site changes and then stays unchanged for a quiet spell (so that a burst
  /// of saves is one rebuild), or until `stop` returns true; returns the new snapshot, or nil.
  ///
  /// `quiet` is the spell when polling; with inotify it is `eventQuiet`, as events leave no gap.
  /// `changing` is called with the first snapshot that differs, before the spell is waited out:
  /// a caller may start work on it meanwhile, and keep that work only if the snapshot returned is
  /// the same.
  package func waitForChange(
    from before: SiteSnapshot, interval: TimeInterval = 0.25, quiet: TimeInterval = 0.2,
    eventQuiet: TimeInterval = 0.02, changing: (SiteSnapshot) -> Void = { _ in },
    stop: () -> Bool
  ) -> SiteSnapshot? {
    let events = FolderEvents.make()
    var listening = events?.watch(folders(in: before)) ?? false
    var previous = before
    var changedAt: Date?
    // The last time an event woke the wait: the quiet spell is counted from it, so the time a
    // snapshot takes is part of the spell rather than added to it.
    var lastEventAt = Date()
    // With events, look once at once: something may have changed while the caller rebuilt.
    var looked = !listening
    while !stop() {
      let spell = listening ? eventQuiet : quiet
      if let events, listening {
        if looked {
          let timeout =
            changedAt == nil ? interval : max(0, spell - Date().timeIntervalSince(lastEventAt))
          let woken = events.wait(timeout: timeout)
          // A change seen, then a quiet spell without one event: nothing more was written, and
          // whatever an event missed is seen by the next call's first look.
          if !woken, changedAt != nil { return previous }
          if woken {
            // A save is a burst of events (open, write, close, a rename) microseconds apart: the
            // look waits for its end, so that one look sees the save, rather than a look at
            // its start and another for the events that came during it. A stream of events
            // that does not end (a tool writing into the site) waits one quiet spell at most,
            // and never past a stop.
            let burstStarted = Date()
            while Date().timeIntervalSince(burstStarted) < spell, !stop(),
              events.wait(timeout: Self.burst)
            {}
            lastEventAt = Date()
          }
        }
      } else {
        Thread.sleep(forTimeInterval: interval)
      }
      looked = true
      let current = snapshot()
      if let events, listening { listening = events.watch(folders(in: current)) }
      if current != previous {
        if changedAt == nil { changing(current) }
        previous = current
        changedAt = Date()
      } else if let changedAt, Date().timeIntervalSince(changedAt) >= spell {
        return current
      }
    }
    return nil
  }

  /// The folders whose events matter, as paths.
  private func folders(in snapshot: SiteSnapshot) -> [String] {
    snapshot.folders.map { $0.isEmpty ? siteDirectory : siteDirectory + "/" + $0 }
  }
}
