import Foundation
import HeraldTestSupport
import Testing

/// One change to a site between two builds.
struct SiteChange: CustomTestStringConvertible, Sendable {
  let name: String
  /// The time the build after the change is for.
  var now = "2026-11-30T12:00:00Z"
  let apply: @Sendable (TemporaryDirectory) throws -> Void

  var testDescription: String { name }
}

/// Rebuilds a site through its cache and output map after each kind of change, and checks every
/// file against a build from nothing (`--no-cache` into an empty folder): a fingerprint that missed
/// an input would leave a stale file, and this is where it would show.
@Suite("Incremental builds give exactly what a build from nothing gives")
struct IncrementalBuildTests {
  /// Replaces text in a file of the site.
  static func edit(_ site: TemporaryDirectory, _ file: String, _ old: String, _ new: String) throws
  {
    let text = try String(contentsOfFile: site.path(file), encoding: .utf8)
    #expect(text.contains(old), "\(file) has no \(old)")
    try site.write(file, text.replacingOccurrences(of: old, with: new))
  }

  static let widgets = "content/announcements/widgets-1-10.md"
  static let sunset = "content/announcements/sunset-1-8.md"

  /// The changes, applied one after another to one site.
  static let changes: [SiteChange] = [
    SiteChange(name: "nothing at all") { _ in },
    SiteChange(name: "a title") { site in
      try edit(
        site, widgets, "title: Departures on your home screen", "title: Departures, at a glance")
    },
    SiteChange(name: "a body, keeping the file's size") { site in
      // Same length, written at once: only the change time and the bytes tell.
      try edit(site, widgets, "three departures", "three departurez")
    },
    SiteChange(name: "a range") { site in
      try edit(site, widgets, "maxVersion: 1.10.1", "maxVersion: 2.0.0")
    },
    SiteChange(name: "the platforms") { site in
      try edit(site, widgets, "platforms: [ios]", "platforms: [ios, android]")
    },
    SiteChange(name: "an expiry that has passed") { site in
      try edit(
        site, widgets, "publishAt: 2026-06-10", "publishAt: 2026-06-10\nexpiresAt: 2026-11-01")
    },
    SiteChange(name: "a wall's action label") { site in
      try edit(site, sunset, "actionLabel: Update Linewise", "actionLabel: Get the new Linewise")
    },
    SiteChange(name: "a severity") { site in
      try edit(site, widgets, "severity: INFO", "severity: IMPORTANT")
    },
    SiteChange(name: "a wall turned off") { site in
      try edit(site, sunset, "blocking: true\nconfirmBlocking: sunset-1-8\n", "")
    },
    SiteChange(name: "a wall turned on, with its confirmation") { site in
      try edit(
        site, sunset, "belowVersion: 1.9.0",
        "blocking: true\nconfirmBlocking: sunset-1-8\nbelowVersion: 1.9.0")
    },
    SiteChange(name: "a record scheduled for later") { site in
      try edit(site, sunset, "publishAt: 2026-10-01T08:00:00Z", "publishAt: 2026-12-24T08:00:00Z")
    },
    SiteChange(name: "the clock passes the scheduled time", now: "2026-12-25T12:00:00Z") { _ in },
    SiteChange(name: "a new record", now: "2026-12-25T12:00:00Z") { site in
      try site.write(
        "content/announcements/new-map.md",
        "---\nid: new-map\ntitle: A new map\nseverity: IMPORTANT\nkind: WHATS_NEW\n"
          + "publishAt: 2026-12-01\n---\nThe network map is new.\n")
    },
    SiteChange(name: "a record renamed", now: "2026-12-25T12:00:00Z") { site in
      try FileManager.default.moveItem(
        atPath: site.path("content/announcements/new-map.md"),
        toPath: site.path("content/announcements/network-map.md"))
    },
    SiteChange(name: "a record removed", now: "2026-12-25T12:00:00Z") { site in
      try FileManager.default.removeItem(atPath: site.path("content/announcements/network-map.md"))
    },
    SiteChange(name: "the archive in pages of three", now: "2026-12-25T12:00:00Z") { site in
      try edit(
        site, "herald.yaml", "deepLinkSchemes: [linewise]",
        "deepLinkSchemes: [linewise]\narchive:\n  pageSize: 3")
    },
    SiteChange(name: "a record at the top shifts every page", now: "2026-12-25T12:00:00Z") { site in
      try site.write(
        "content/announcements/top.md",
        "---\nid: top\ntitle: The newest\nseverity: INFO\nkind: NOTICE\n"
          + "publishAt: 2026-12-20\n---\nOn top of the first page.\n")
    },
    SiteChange(name: "an old record's title, on a later page", now: "2026-12-25T12:00:00Z") {
      site in
      try edit(site, widgets, "title: Departures, at a glance", "title: Departures at a glance")
    },
    SiteChange(name: "a release added in herald.yaml", now: "2026-12-25T12:00:00Z") { site in
      try edit(site, "herald.yaml", "1.10.1, 2.0.0]", "1.10.1, 2.0.0, 2.1.0]")
    },
    SiteChange(name: "the channel's title", now: "2026-12-25T12:00:00Z") { site in
      try edit(site, "herald.yaml", "title: Linewise — what's new", "title: Linewise news")
    },
    // Rows carry links and store links: they are kept under those, not under the title.
    SiteChange(name: "the base URL", now: "2026-12-25T12:00:00Z") { site in
      try edit(
        site, "herald.yaml", "baseURL: https://linewise.example/whats-new/",
        "baseURL: https://news.linewise.example/")
    },
    SiteChange(name: "a platform's store link", now: "2026-12-25T12:00:00Z") { site in
      try edit(
        site, "herald.yaml", "https://apps.apple.com/app/linewise/id6450000001",
        "https://apps.apple.com/app/linewise/id6450000002")
    },
    SiteChange(name: "a theme that overrides the card", now: "2026-12-25T12:00:00Z") { site in
      try edit(
        site, "herald.yaml", "deepLinkSchemes: [linewise]",
        "deepLinkSchemes: [linewise]\ntheme: mine")
      try site.write(
        "themes/mine/templates/partials/card.mustache",
        "<article id=\"{{id}}\"><h3>{{title}}</h3>{{{detailsHTML}}}</article>\n")
    },
    SiteChange(name: "the theme's template edited", now: "2026-12-25T12:00:00Z") { site in
      try site.write(
        "themes/mine/templates/partials/card.mustache",
        "<article id=\"{{id}}\"><h2>{{title}}</h2>{{{detailsHTML}}}</article>\n")
    },
    SiteChange(name: "a second locale", now: "2026-12-25T12:00:00Z") { site in
      try edit(site, "herald.yaml", "language: en-GB", "locales: [en-GB, de]")
    },
    SiteChange(name: "a translation in a record", now: "2026-12-25T12:00:00Z") { site in
      try edit(
        site, widgets, "publishAt: 2026-06-10",
        "publishAt: 2026-06-10\ntranslations:\n  de: {title: Abfahrten auf einen Blick}")
    },
    SiteChange(name: "a translation file", now: "2026-12-25T12:00:00Z") { site in
      try site.write(
        "content/announcements/sunset-1-8.de.md", "---\ntitle: Bitte aktualisieren\n---\nJetzt.\n")
    },
    SiteChange(name: "a translation file edited", now: "2026-12-25T12:00:00Z") { site in
      try edit(site, "content/announcements/sunset-1-8.de.md", "Jetzt.", "Sofort.")
    },
    SiteChange(name: "a translation file removed", now: "2026-12-25T12:00:00Z") { site in
      try FileManager.default.removeItem(
        atPath: site.path("content/announcements/sunset-1-8.de.md"))
    },
    SiteChange(name: "the clock goes back", now: "2026-11-30T12:00:00Z") { _ in },
  ]

  @Test("every change, built through the cache, matches a build from nothing")
  func matchesFullBuilds() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let work = try TemporaryDirectory()
    let cache = ["HERALD_CACHE_DIR": work.path("cache")]
    let incremental = work.path("incremental")
    for (index, change) in Self.changes.enumerated() {
      try change.apply(site)
      let now = ["--now", change.now]
      let built = try HeraldProcess.run(
        ["build", "--site", site.url.path, "--output", incremental, "--allow-empty"] + now,
        environment: cache)
      #expect(built.status == 0, "\(change.name): \(built.stderr)")
      let fresh = work.path("fresh-\(index)")
      let reference = try HeraldProcess.run(
        ["build", "--site", site.url.path, "--output", fresh, "--no-cache", "--quiet"] + now)
      #expect(reference.status == 0, "\(change.name): \(reference.stderr)")
      let difference = try FileTree.read(URL(fileURLWithPath: incremental)).withoutBookkeeping
        .differences(from: FileTree.read(URL(fileURLWithPath: fresh)).withoutBookkeeping)
      #expect(difference == nil, "after \(change.name): \(difference ?? "")")
    }
  }

  @Test("a site of a hundred records rebuilds through the cache, after one edit and after all")
  func largeSiteInWaves() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    // Eighty more records, so that a rebuild of every page is a rebuild in three full waves.
    for index in 0..<80 {
      try site.write(
        "content/announcements/extra-\(index).md",
        "---\nid: extra-\(index)\ntitle: Extra \(index)\nseverity: INFO\nkind: NOTICE\n"
          + "publishAt: 2026-0\(index % 9 + 1)-0\(index % 7 + 1)\n---\nBody *\(index)*.\n")
    }
    let work = try TemporaryDirectory()
    let cache = ["HERALD_CACHE_DIR": work.path("cache")]
    let output = work.path("public")
    let now = ["--now", "2026-11-30T12:00:00Z", "--quiet"]
    let edits: [(String, String, String)] = [
      ("content/announcements/extra-7.md", "title: Extra 7", "title: Extra seven"),
      // Every page shows the channel's title: every file renders again, in waves.
      ("herald.yaml", "title: Linewise — what's new", "title: Linewise news"),
    ]
    #expect(
      try HeraldProcess.run(
        ["build", "--site", site.url.path, "--output", output] + now, environment: cache
      ).status == 0)
    for (index, (file, old, new)) in edits.enumerated() {
      try Self.edit(site, file, old, new)
      let built = try HeraldProcess.run(
        ["build", "--site", site.url.path, "--output", output] + now, environment: cache)
      #expect(built.status == 0, "\(built.stderr)")
      let fresh = work.path("fresh-\(index)")
      #expect(
        try HeraldProcess.run(
          ["build", "--site", site.url.path, "--output", fresh, "--no-cache"] + now
        ).status == 0)
      let tree = try FileTree.read(URL(fileURLWithPath: output)).withoutBookkeeping
      #expect(tree.files.count > 100)
      let difference = tree.differences(
        from: try FileTree.read(URL(fileURLWithPath: fresh)).withoutBookkeeping)
      #expect(difference == nil, "after editing \(file): \(difference ?? "")")
    }
  }

  @Test(
    "a build of hundreds of record folders, into nothing and over its last output, is right"
  )
  func foldersMadeAhead() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    // Hundreds of record folders, made by both rendering threads in one parent.
    for index in 0..<300 {
      try site.write(
        "content/announcements/many-\(index).md",
        "---\nid: many-\(index)\ntitle: Many \(index)\nseverity: INFO\nkind: NOTICE\n"
          + "publishAt: 2026-0\(index % 9 + 1)-1\(index % 9)\n---\nBody \(index).\n")
    }
    let work = try TemporaryDirectory()
    let output = work.path("public")
    let build = ["build", "--site", site.url.path, "--no-cache", "--quiet"]
    let now = ["--now", "2026-11-30T12:00:00Z"]
    #expect(try HeraldProcess.run(build + ["--output", output] + now).status == 0)
    // Every file is pending again, and nearly all turn out the same: their folders are made
    // ahead in staging all the same, and none may reach the output empty.
    try Self.edit(site, "content/announcements/many-7.md", "title: Many 7", "title: Many seven")
    let rebuilt = try HeraldProcess.run(build + ["--output", output] + now)
    #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
    let fresh = work.path("fresh")
    #expect(try HeraldProcess.run(build + ["--output", fresh] + now).status == 0)
    let tree = try FileTree.read(URL(fileURLWithPath: output)).withoutBookkeeping
    #expect(tree.files.count > 300)
    let difference = tree.differences(
      from: try FileTree.read(URL(fileURLWithPath: fresh)).withoutBookkeeping)
    #expect(difference == nil, "\(difference ?? "")")
    let folders = FileManager.default.enumerator(atPath: output)?.compactMap { $0 as? String } ?? []
    let empty = folders.filter {
      (try? FileManager.default.contentsOfDirectory(atPath: output + "/" + $0))?.isEmpty == true
    }
    #expect(empty == [], "empty folders in the output")
    #expect(!FileManager.default.fileExists(atPath: output + "/.herald-staging"))
  }

  @Test("a rebuild after one edit renders and writes only what holds the record")
  func rendersOnlyWhatChanged() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let work = try TemporaryDirectory()
    let cache = ["HERALD_CACHE_DIR": work.path("cache")]
    let output = work.path("public")
    let arguments = [
      "build", "--site", site.url.path, "--output", output, "--now", "2026-11-30T12:00:00Z",
    ]
    #expect(try HeraldProcess.run(arguments, environment: cache).status == 0)
    try Self.edit(site, Self.widgets, "title: Departures on your home screen", "title: Widgets")
    let rebuilt = try HeraldProcess.run(arguments, environment: cache)
    #expect(rebuilt.status == 0)
    // The record's six files, the channel that names the three changed documents' new
    // content-addressed copies, those copies; the three copies no document has any more go.
    #expect(
      rebuilt.stdout.contains("10 files written, 32 unchanged, 3 removed"), "\(rebuilt.stdout)")
  }

  /// A record file that is a link is looked at through its target, not as the link: a change to
  /// the target is seen, though the link itself never changes.
  @Test("a record that is a link inside the site is read again when its target changes")
  func linkedRecord() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let text = try String(contentsOfFile: site.path(Self.widgets), encoding: .utf8)
    try site.write("kept/widgets.md", text)
    try FileManager.default.removeItem(atPath: site.path(Self.widgets))
    try FileManager.default.createSymbolicLink(
      atPath: site.path(Self.widgets), withDestinationPath: "../../kept/widgets.md")
    let work = try TemporaryDirectory()
    let cache = ["HERALD_CACHE_DIR": work.path("cache")]
    let now = ["--now", "2026-11-30T12:00:00Z", "--quiet"]
    let arguments = ["build", "--site", site.url.path, "--output", work.path("public")] + now
    #expect(try HeraldProcess.run(arguments, environment: cache).status == 0)
    // The same length, so only the target's times and inode tell the change.
    try Self.edit(
      site, "kept/widgets.md", "title: Departures on your home screen",
      "title: Departures in your home screen")
    #expect(try HeraldProcess.run(arguments, environment: cache).status == 0)
    let fresh = ["build", "--site", site.url.path, "--output", work.path("fresh"), "--no-cache"]
    #expect(try HeraldProcess.run(fresh + now).status == 0)
    let built = try FileTree.read(URL(fileURLWithPath: work.path("public"))).withoutBookkeeping
    #expect(
      built.differences(
        from: try FileTree.read(URL(fileURLWithPath: work.path("fresh"))).withoutBookkeeping)
        == nil)
    let page = try String(
      contentsOfFile: work.path("public/announcements/widgets-1-10/index.html"), encoding: .utf8)
    #expect(page.contains("Departures in your home screen"))
  }

  @Test("a damaged cache or output map is ignored, never trusted, and the build is still right")
  func damagedCache() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let work = try TemporaryDirectory()
    let cache = ["HERALD_CACHE_DIR": work.path("cache")]
    let output = work.path("public")
    let arguments = [
      "build", "--site", site.url.path, "--output", output, "--now", "2026-11-30T12:00:00Z",
      "--quiet",
    ]
    #expect(try HeraldProcess.run(arguments, environment: cache).status == 0)
    let reference = try FileTree.read(URL(fileURLWithPath: output)).withoutBookkeeping
    let folders = try FileManager.default.contentsOfDirectory(atPath: work.path("cache"))
    let folder = work.path("cache/" + (folders.first ?? ""))
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name != "key" {
      // Every byte of the index and the store flipped: nothing read back can be a hit.
      let path = folder + "/" + name
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
      try Data(bytes.map { $0 ^ 0x5a }).write(to: URL(fileURLWithPath: path))
    }
    try Data("herald-map-5 and then nonsense".utf8).write(
      to: URL(fileURLWithPath: output + "/.herald-map"))
    try Self.edit(site, Self.widgets, "title: Departures on your home screen", "title: Widgets")
    #expect(try HeraldProcess.run(arguments, environment: cache).status == 0)
    let fresh = work.path("fresh")
    #expect(
      try HeraldProcess.run(
        [
          "build", "--site", site.url.path, "--output", fresh, "--no-cache", "--quiet", "--now",
          "2026-11-30T12:00:00Z",
        ]
      ).status == 0)
    #expect(
      try FileTree.read(URL(fileURLWithPath: output)).withoutBookkeeping.differences(
        from: FileTree.read(URL(fileURLWithPath: fresh)).withoutBookkeeping) == nil)
    #expect(reference.files.count > 20)
  }

  /// One flipped bit in the cache once changed published pages and manifests, and two or three
  /// flipped bytes published broken JSON, with exit 0: every entry and every file's row carries a
  /// checksum, and a database SQLite finds damaged is begun again, so damage is a miss.
  @Test(
    "one flipped bit anywhere in the cache's database costs time, never correctness",
    arguments: [7, 11] as [UInt64])
  func flippedBit(seed: UInt64) throws {
    let example = try CachedExample()
    let expected = try example.clean()
    var generator = SplitMix64(seed: seed)
    for trial in 0..<8 {
      try? FileManager.default.removeItem(atPath: example.work.path("cache"))
      try? FileManager.default.removeItem(atPath: example.output)
      #expect(try example.build().status == 0)
      let url = try example.database()
      var bytes = Array(try Data(contentsOf: url))
      let offset = Int(generator.next() % UInt64(bytes.count))
      bytes[offset] ^= UInt8(1) << (generator.next() % 8)
      try Data(bytes).write(to: url)
      // A new output, so every file is rendered again from what the cache holds.
      try FileManager.default.removeItem(atPath: example.output)
      let rebuilt = try example.build()
      #expect(rebuilt.status == 0, "trial \(trial): \(rebuilt.stderr)")
      #expect(
        try example.built().differences(from: expected) == nil,
        "trial \(trial): bit \(offset) of the database changed the output")
    }
  }

}
