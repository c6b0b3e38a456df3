import Foundation
import HeraldTestSupport
import Testing

@Suite("The feed holds the newest feedLimit entries, with their action and versions")
struct FeedLimitTests {
  func site(feedLimit: String?) throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    try SiteCopy.writeExample(to: folder)
    if let feedLimit {
      let config = try String(contentsOfFile: folder.path("herald.yaml"), encoding: .utf8)
      try folder.write("herald.yaml", config + "feedLimit: \(feedLimit)\n")
    }
    return folder
  }

  func entryIDs(_ feed: String) -> [String] {
    feed.components(separatedBy: "<entry>").dropFirst().compactMap { entry in
      entry.range(of: "announcements/").map { String(entry[$0.upperBound...].prefix { $0 != "/" }) }
    }
  }

  @Test("a limit keeps the newest entries; 0 keeps every one; the default is 50")
  func limit() throws {
    let (two, zero, none) = (
      try site(feedLimit: "2"), try site(feedLimit: "0"), try site(feedLimit: nil)
    )
    let limited = try RenderedSite(folder: two.url).text("feed.xml")
    let all = try RenderedSite(folder: zero.url).text("feed.xml")
    let unset = try RenderedSite(folder: none.url).text("feed.xml")
    #expect(entryIDs(all).count == 8)
    #expect(entryIDs(limited) == Array(entryIDs(all).prefix(2)))
    #expect(entryIDs(unset) == entryIDs(all), "8 records are under the default of 50")
  }

  @Test("an entry carries its action and the versions it is for")
  func details() throws {
    let feed = try RenderedSite(folder: Fixtures.packageRoot).text("feed.xml")
    #expect(
      feed.contains(
        "&lt;p&gt;Update now: &lt;a href=&quot;https://play.google.com/store/apps/details?id=example.linewise&quot;&gt;Google Play&lt;/a&gt;"
      ))
    #expect(feed.contains("&lt;p&gt;For every version below 1.9.0.&lt;/p&gt;"))
    #expect(feed.contains("&lt;p&gt;For 1.10.0 to 1.10.1 on iOS.&lt;/p&gt;"))
  }

  @Test("a feedLimit that is not a whole number is an error at its line")
  func invalid() throws {
    let folder = try site(feedLimit: "fifty")
    let result = try HeraldProcess.run(["check", "--site", folder.url.path])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "error: feedLimit \"fifty\" is not a whole number [invalid-feed-limit]"))
  }
}
