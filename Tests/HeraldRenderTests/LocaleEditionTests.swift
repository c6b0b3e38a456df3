import Foundation
import HeraldTestSupport
import Testing

@Suite("Every locale gets a complete edition, with the same row ids (DESIGN §6)")
struct LocaleEditionTests {
  /// A site in English and Italian whose records have no Italian words at all.
  func untranslatedSite() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    try folder.write(
      "herald.yaml",
      """
      title: T
      baseURL: https://t.example/
      author: A
      locales: [en, it]
      platforms:
        ios:
          releases: [1.0.0, 2.0.0]

      """)
    for (id, title) in [("first", "The first"), ("second", "The second")] {
      try folder.write(
        "content/announcements/\(id).md",
        "---\nid: \(id)\ntitle: \(title)\nseverity: INFO\nkind: NOTICE\npublishAt: 2026-11-01\n---\n"
          + "Words of \(id).\n")
    }
    return folder
  }

  @Test(
    "a locale no record translates still gets every page, feed and manifest, in the default's words"
  )
  func untranslatedLocale() throws {
    let folder = try untranslatedSite()
    let site = try RenderedSite(folder: folder.url)
    let paths = Set(site.renderer.plan.map(\.path))
    for path in [
      "it/index.html", "it/feed.xml", "it/announcements/first/index.html",
      "it/announcements/second/index.html", "api/v1/it/index.json", "api/v1/it/ios/1.0.0.json",
      "api/v1/it/ios/2.0.0.json", "api/v1/it/ios/live.json",
    ] {
      #expect(paths.contains(path), "\(path)")
    }
    let archive = try site.text("it/index.html")
    #expect(archive.contains("<html lang=\"it\">"))
    #expect(archive.contains("The first") && archive.contains("The second"))
    #expect(try site.text("it/feed.xml").contains("xml:lang=\"it\""))
  }

  @Test(
    "rows keep their ids in every locale",
    arguments: ["api/v1/ios/1.0.0.json", "api/v1/ios/live.json"])
  func sameIDs(_ root: String) throws {
    let site = try RenderedSite(folder: Fixtures.root.appending(path: "sites/locales"))
    func ids(_ path: String) throws -> [String] {
      let rows = try #require(try site.json(path)["announcements"] as? [[String: Any]])
      return rows.compactMap { $0["id"] as? String }
    }
    let rootIDs = try ids(root)
    #expect(!rootIDs.isEmpty)
    for locale in ["en", "de", "fr-CA"] {
      let localized = root.replacingOccurrences(of: "api/v1/", with: "api/v1/\(locale)/")
      #expect(try ids(localized) == rootIDs, "\(localized)")
    }
  }
}
