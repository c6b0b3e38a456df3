import Foundation
import HeraldServe
import HeraldTestSupport
import Synchronization
import Testing

@Suite("The site watcher sees every change, soon, and only real ones")
struct SiteWatcherTests {
  /// Runs `waitForChange` on its own thread, makes `change`, and returns the snapshot it saw.
  func watch(
    _ folder: TemporaryDirectory, quiet: TimeInterval = 0.2, eventQuiet: TimeInterval = 0.05,
    change: () throws -> Void
  ) async throws -> SiteSnapshot? {
    let watcher = SiteWatcher(siteDirectory: folder.url.path)
    let before = watcher.snapshot()
    let waiting = Task.detached {
      watcher.waitForChange(from: before, quiet: quiet, eventQuiet: eventQuiet, stop: { false })
    }
    try change()
    let snapshot = await waiting.value
    return snapshot
  }

  @Test(
    "a new file, in a folder made after the watch began, is seen",
    arguments: ["content/announcements/new.md", "content/a new folder/deep/with space.md"])
  func newFile(path: String) async throws {
    let folder = try TemporaryDirectory()
    try folder.write("herald.yaml", "title: T\n")
    try folder.write("content/announcements/a.md", "a\n")
    let seen = try await watch(folder) { try folder.write(path, "new\n") }
    let snapshot = try #require(seen)
    #expect(snapshot.entries.contains { $0.path == path && $0.size == 4 })
  }

  /// Issue 46, item 23: serve ignored edits to the site's i18n/ folder, whose words every page
  /// shows.
  @Test(
    "the site's own words are watched: an edit, and a file in an i18n folder made after the start",
    arguments: [true, false])
  func siteWords(folderExists: Bool) async throws {
    let folder = try TemporaryDirectory()
    try folder.write("herald.yaml", "title: T\n")
    if folderExists { try folder.write("i18n/de.yaml", "title: Eins\n") }
    let seen = try await watch(folder) {
      try folder.write("i18n/de.yaml", "title: Zwei und drei\n")
    }
    let snapshot = try #require(seen)
    #expect(snapshot.entries.contains { $0.path == "i18n/de.yaml" && $0.size == 21 })
  }

  @Test("an edit to herald.yaml is seen, and a deletion too")
  func editAndDelete() async throws {
    let folder = try TemporaryDirectory()
    try folder.write("herald.yaml", "title: T\n")
    try folder.write("themes/mine/templates/page.mustache", "x\n")
    let edited = try await watch(folder) { try folder.write("herald.yaml", "title: Two\n") }
    #expect(try #require(edited).entries.contains { $0.path == "herald.yaml" && $0.size == 11 })
    let deleted = try await watch(folder) {
      try FileManager.default.removeItem(atPath: folder.path("themes/mine/templates/page.mustache"))
    }
    let remaining = try #require(deleted)
    #expect(remaining.entries.map(\.path) == ["herald.yaml"])
    #expect(remaining.entries.first?.size == 11)
  }

  @Test("a burst of saves is one change, seen after the last of them")
  func burst() async throws {
    let folder = try TemporaryDirectory()
    try folder.write("herald.yaml", "title: T\n")
    try folder.write("content/announcements/a.md", "a\n")
    let names = (1...5).map { "content/announcements/burst-\($0).md" }
    // The quiet spell is long enough that the writes, back to back, fall inside it on any machine.
    let seen = try await watch(folder, eventQuiet: 0.5) {
      for name in names { try folder.write(name, "new\n") }
    }
    let paths = try #require(seen).entries.map(\.path)
    for name in names { #expect(paths.contains(name), "\(name) is in the one change") }
  }

  /// serve starts its rebuild on the snapshot `changing` gives and keeps it only when the one
  /// returned is the same: a change inside the quiet spell must make them differ.
  @Test(
    "the first change is told before the quiet spell is waited out; a later one makes the result differ",
    arguments: [false, true])
  func changingFirst(changesAgain: Bool) throws {
    let folder = try TemporaryDirectory()
    try folder.write("herald.yaml", "title: T\n")
    try folder.write("content/announcements/a.md", "a\n")
    let watcher = SiteWatcher(siteDirectory: folder.url.path)
    let before = watcher.snapshot()
    try folder.write("content/announcements/a.md", "ab\n")
    var told: [(SiteSnapshot, ContinuousClock.Instant)] = []
    let result = watcher.waitForChange(
      from: before, quiet: 0.5, eventQuiet: 0.5,
      changing: { snapshot in
        told.append((snapshot, .now))
        // Written from inside the call, so it falls inside the spell on any machine.
        if changesAgain { try? folder.write("content/announcements/b.md", "b\n") }
      }, stop: { false })
    let returned = ContinuousClock.now
    let snapshot = try #require(result)
    #expect(told.count == 1)
    let first = try #require(told.first)
    #expect(first.0.entries.contains { $0.path == "content/announcements/a.md" && $0.size == 3 })
    #expect(returned - first.1 > .milliseconds(250), "the spell came after the call")
    if changesAgain {
      #expect(snapshot != first.0)
      #expect(snapshot.entries.contains { $0.path == "content/announcements/b.md" })
    } else {
      #expect(snapshot == first.0)
    }
  }

  @Test("a stream of events that does not end still lets a stop end the wait at once")
  func endlessStream() throws {
    let folder = try TemporaryDirectory()
    try folder.write("herald.yaml", "title: T\n")
    try folder.write("content/announcements/a.md", "a\n")
    let watcher = SiteWatcher(siteDirectory: folder.url.path)
    let before = watcher.snapshot()
    // A tool writing into the site without a pause; it gives up after 3 s, so a wait that only
    // a pause in the events could end (the fault this pins) shows as a wait of 3 s.
    let stream = folder.path("content/announcements/stream.md")
    let writing = StreamSwitch()
    let finished = DispatchSemaphore(value: 0)
    let writer = Thread {
      let started = ContinuousClock.now
      var count = 0
      while writing.isOn, ContinuousClock.now - started < .seconds(3) {
        count += 1
        try? Data("\(count)\n".utf8).write(to: URL(fileURLWithPath: stream))
      }
      finished.signal()
    }
    writer.start()
    let started = ContinuousClock.now
    let result = watcher.waitForChange(from: before) {
      ContinuousClock.now - started > .milliseconds(300)
    }
    let waited = ContinuousClock.now - started
    writing.turnOff()
    finished.wait()
    #expect(result == nil, "a stream never quiet is no change yet")
    #expect(waited < .seconds(2), "the stop was seen while the events went on: \(waited)")
  }

  @Test("stop ends the wait with nil when nothing changed")
  func stops() throws {
    let folder = try TemporaryDirectory()
    try folder.write("herald.yaml", "title: T\n")
    let watcher = SiteWatcher(siteDirectory: folder.url.path)
    var asked = 0
    let result = watcher.waitForChange(from: watcher.snapshot(), interval: 0.01) {
      asked += 1
      return asked > 3
    }
    #expect(result == nil)
    #expect(asked == 4)
  }

  @Test(
    "a snapshot lists the watched files with their sizes, and every folder a file can appear in")
  func snapshotContents() throws {
    let folder = try TemporaryDirectory()
    try folder.write("herald.yaml", "title: T\n")
    try folder.write("content/announcements/a.md", "aa\n")
    try folder.write("content/deep/er/b.md", "b\n")
    try folder.write("themes/mine/templates/page.mustache", "x\n")
    try folder.write("public/index.html", "not watched\n")
    try FileManager.default.createDirectory(
      atPath: folder.path("content/empty"), withIntermediateDirectories: true)
    let snapshot = SiteSnapshot(siteDirectory: folder.url.path)
    #expect(
      snapshot.entries.map(\.path).sorted() == [
        "content/announcements/a.md", "content/deep/er/b.md", "herald.yaml",
        "themes/mine/templates/page.mustache",
      ])
    #expect(snapshot.entries.first { $0.path == "content/announcements/a.md" }?.size == 3)
    #expect(
      snapshot.folders == [
        "", "content", "content/announcements", "content/deep", "content/deep/er", "content/empty",
        "i18n", "themes", "themes/mine", "themes/mine/templates",
      ])
    #expect(SiteSnapshot(siteDirectory: folder.url.path) == snapshot)
    try FileManager.default.createDirectory(
      atPath: folder.path("content/another"), withIntermediateDirectories: true)
    let withFolder = SiteSnapshot(siteDirectory: folder.url.path)
    #expect(withFolder.folders.contains("content/another"), "a new folder is watched")
    #expect(withFolder == snapshot, "but an empty folder is no change to rebuild for")
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_000_000)],
      ofItemAtPath: folder.path("content/deep/er/b.md"))
    #expect(SiteSnapshot(siteDirectory: folder.url.path) != snapshot)
  }
}

/// Whether a test's writer goes on writing, turned off from the test's thread.
private final class StreamSwitch: Sendable {
  private let on = Mutex(true)

  /// Whether the writer goes on.
  var isOn: Bool { on.withLock { $0 } }

  /// Stops the writer.
  func turnOff() { on.withLock { $0 = false } }
}
