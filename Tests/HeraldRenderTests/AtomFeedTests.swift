import Foundation
import HeraldRender
import HeraldTestSupport
import Testing

private let schemaURL = Fixtures.shared.appending(path: "schemas/atom.rng")
private let schemaAvailable = FileManager.default.fileExists(atPath: schemaURL.path)

@Suite(
  "Atom feeds validate against RFC 4287's RELAX NG schema",
  .enabled(if: schemaAvailable, "../shared/schemas/atom.rng is absent (a fresh clone): skipping"))
struct AtomFeedTests {
  var validator: RelaxNGValidator {
    get throws { RelaxNGValidator(schema: Array(try Data(contentsOf: schemaURL))) }
  }

  @Test(
    "every fixture site's feeds (one per locale), with and without drafts",
    arguments: RenderedSite.folders)
  func feedValidates(_ folder: URL) throws {
    for drafts in [false, true] {
      let site = try RenderedSite(folder: folder, drafts: drafts)
      let feeds = site.renderer.plan.map(\.path).filter { $0.hasSuffix("feed.xml") }
      #expect(!feeds.isEmpty)
      for path in feeds {
        let feed = try site.file(path)
        #expect(try validator.errors(in: feed) == [], "\(folder.lastPathComponent)/\(path)")
      }
    }
  }

  @Test("a feed with no entries still validates (its updated time comes from no clock)")
  func emptyFeed() throws {
    let site = try RenderedSite(folder: Fixtures.packageRoot, now: "2020-01-01T00:00:00Z")
    let feed = try site.text("feed.xml")
    #expect(!feed.contains("<entry>"))
    #expect(feed.contains("<updated>1970-01-01T00:00:00Z</updated>"))
    #expect(try validator.errors(in: Array(feed.utf8)) == [])
  }

  @Test("the validator rejects a feed without the elements Atom requires")
  func validatorCanFail() throws {
    let broken = """
      <?xml version="1.0" encoding="UTF-8"?>
      <feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>
      """
    #expect(try !validator.errors(in: Array(broken.utf8)).isEmpty)
  }

  @Test("escaping: markup in titles and bodies stays text, and control characters are dropped")
  func escaping() throws {
    let feed = try RenderedSite(folder: Fixtures.root.appending(path: "sites/escaping")).text(
      "feed.xml")
    #expect(
      feed.contains(
        "<title type=\"text\">&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt; &amp; 'quotes'</title>"
      ))
    #expect(!feed.contains("<script"))
    #expect(!feed.unicodeScalars.contains("\u{01}"))
    #expect(try validator.errors(in: Array(feed.utf8)) == [])
  }
}
