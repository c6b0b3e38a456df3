import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldRender

@Suite("HTML pages")
struct HTMLTests {
  let escaping = Fixtures.root.appending(path: "sites/escaping")

  @Test("titles, bodies and labels are escaped; no markup from a record reaches the page")
  func escaped() throws {
    let site = try RenderedSite(folder: escaping)
    for path in [
      "index.html", "announcements/script-title/index.html",
      "announcements/json-escapes/index.html",
    ] {
      let page = try site.text(path)
      #expect(!page.contains("<script"), "\(path)")
      #expect(!page.contains("<b>now"), "\(path)")
      #expect(!page.unicodeScalars.contains("\u{01}"), "\(path)")
    }
    let index = try site.text("index.html")
    #expect(
      index.contains("&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;")
    )
    #expect(index.contains("Go &lt;b&gt;now&lt;/b&gt; &amp; &quot;fast&quot;"))
    #expect(index.contains("href=\"https://escaping.example/?a=1&amp;b=&#39;2&#39;\""))
    #expect(index.contains("href=\"https://escaping.example/?q=%22x%22&amp;y=%3Cz%3E\""))
  }

  @Test("each card's id attribute is the record's id, once per page")
  func ids() throws {
    let site = try RenderedSite(folder: Fixtures.packageRoot)
    let index = try site.text("index.html")
    for id in ["sunset-1-8", "widgets-1-10", "fare-capping", "holiday-timetables-2025"] {
      #expect(index.components(separatedBy: "id=\"\(id)\"").count == 2, "\(id)")
    }
    #expect(!index.contains("id=\"beta-programme\""), "inactive records are not in the archive")
    #expect(!index.contains("id=\"larger-text\""), "drafts are not in the archive")
    #expect(
      !index.contains("id=\"spring-timetable-2027\""), "scheduled records are not in the archive")
  }

  @Test("store actions name each store; a wall is labelled on its page")
  func storeAndWall() throws {
    let page = try RenderedSite(folder: Fixtures.packageRoot).text(
      "announcements/sunset-1-8/index.html")
    #expect(
      page.contains(
        "<a class=\"button\" href=\"https://apps.apple.com/app/linewise/id6450000001\">App Store</a>"
      ))
    #expect(
      page.contains(
        "<a class=\"button\" href=\"https://play.google.com/store/apps/details?id=example.linewise\">Google Play</a>"
      ))
    // The wall's label says what it does (not the kind's "Update available"; issue 46, item 21).
    #expect(page.contains("</svg> Update required</span>"))
    #expect(page.contains("<span class=\"label label--critical label--wall\">Critical</span>"))
    #expect(!page.contains("Update available"))
    #expect(
      page.contains("<h1 class=\"entry-title\">This version of Linewise has stopped working</h1>"))
    #expect(page.components(separatedBy: "<h1").count == 2, "one h1 per page")
    #expect(page.contains("<html lang=\"en-GB\">"))
  }

  @Test(
    "the archive is a changelog: months, one h1, a notice for the live wall, no developer detail")
  func changelog() throws {
    let index = try RenderedSite(folder: Fixtures.packageRoot).text("index.html")
    #expect(index.contains("href=\"https://linewise.example/whats-new/feed.xml\""))
    #expect(index.components(separatedBy: "<h1").count == 2, "one h1 per page")
    #expect(index.contains("<a class=\"skip-link\" href=\"#main\">"))
    #expect(index.contains("<h2 class=\"month-title\" id=\"month-2026-11\">November 2026</h2>"))
    #expect(
      index.contains(
        "<h2 class=\"notice-title\" id=\"notice-sunset-1-8\">Versions below 1.9.0 must update</h2>")
    )
    for detail in ["api/v1/", "linewise://", "/settings/", "<code>/"] {
      #expect(!index.contains(detail), "public pages show no \(detail)")
    }
    // An in-app action keeps its label (it was dropped; issue 46, item 21).
    #expect(
      index.contains(
        "<span class=\"in-app\"><strong>Set up a widget</strong> · Open in the app</span>"))
    #expect(index.contains("For 1.10.0 and later"))
    #expect(index.contains("For 1.10.0 to 1.10.1 on iOS"))
  }

  @Test("a site's theme overrides the default file by file")
  func themeOverride() throws {
    let site = try RenderedSite(folder: Fixtures.root.appending(path: "sites/custom-theme"))
    let index = try site.text("index.html")
    #expect(index.contains("<article id=\"hello\" class=\"plain-card\">"))
    #expect(
      index.contains("<footer class=\"site-footer\">"),
      "the base layout still comes from the default theme")
    #expect(site.renderer.plan.contains { $0.path == "assets/plain.css" })
    #expect(site.renderer.plan.contains { $0.path == "assets/herald.css" })
  }
}

@Suite("Body HTML")
struct BodyHTMLTests {
  @Test("inline formatting stays rich, unsafe links become text")
  func inline() {
    let body = AnnouncementBody(blocks: [
      .paragraph([
        .text("a < b & "), .strong([.text("bold")]), .text(" "), .code("<x>"), .lineBreak,
        .link(destination: "javascript:alert(1)", [.text("bad")]), .text(" "),
        .link(destination: "https://x.example/?a=1&b=2", [.emphasis([.text("good")])]),
      ]),
      .bullets([[.text("one")], [.text("two")]]),
    ])
    #expect(
      BodyHTMLWriter(deepLinkSchemes: []).html(body) == """
        <p>a &lt; b &amp; <strong>bold</strong> <code>&lt;x&gt;</code><br>
        bad <a href="https://x.example/?a=1&amp;b=2"><em>good</em></a></p>
        <ul>
        <li>one</li>
        <li>two</li>
        </ul>

        """)
  }
}
