import Foundation
import HeraldServe
import HeraldTestSupport
import Testing

@Suite("The site watcher sees every change, soon, and only real ones")
struct SiteWatcherTests {
  /// Runs `waitForChange` on its own thread, makes `change`, and returns the snapshot it saw.
  func watch(
    _ folder: TemporaryDirectory, quiet: TimeInterval = 0.2, change: () throws -> Void
  ) async throws -> [String]? {
    let watcher = SiteWatcher(siteDirectory: folder.url.path)
    let before = watcher.snapshot()
    let waiting = Task.detached {
      watcher.waitForChange(from: before, quiet: quiet, stop: { false })
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
    #expect(snapshot.contains { $0.hasPrefix(path + " 4 ") })
  }

  @Test("an edit to herald.yaml is seen, and a deletion too")
  func editAndDelete() async throws {
    let folder = try TemporaryDirectory()
    try folder.write("herald.yaml", "title: T\n")
    try folder.write("themes/mine/templates/page.mustache", "x\n")
    let edited = try await watch(folder) { try folder.write("herald.yaml", "title: Two\n") }
    #expect(try #require(edited).contains { $0.hasPrefix("herald.yaml 11 ") })
    let deleted = try await watch(folder) {
      try FileManager.default.removeItem(atPath: folder.path("themes/mine/templates/page.mustache"))
    }
    let remaining = try #require(deleted)
    #expect(remaining.count == 1)
    #expect(remaining.first?.hasPrefix("herald.yaml 11 ") == true)
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
}
