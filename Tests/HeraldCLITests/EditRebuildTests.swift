import Foundation
import HeraldTestSupport
import Testing

/// One change between two builds, and the way the second build should go.
struct EditCase: CustomTestStringConvertible, Sendable {
  let name: String
  /// The way the build after the change goes.
  let route: EditSite.Route
  /// Extra arguments for both builds.
  var arguments: [String] = []
  let apply: @Sendable (inout EditSite) throws -> Void

  var testDescription: String { name }
}

/// An edit of the words of records no app reads plans again only the files that show them.
///
/// It is rebuilt from the last build's snapshot; any other change reads the whole site. Either way the output is byte for byte what a build from nothing writes, with the same
/// problems, exit status and counts.
@Suite("An edit's rebuild plans only what shows the edit, and writes what a whole build writes")
struct EditRebuildTests {
  static let older = "content/announcements/old-7.md"

  static let edits: [EditCase] = [
    EditCase(name: "an expired record's title", route: .edit) { site in
      try site.edit(older, "title: Old notice 7", "title: An old notice, renamed")
    },
    EditCase(name: "an expired record's body", route: .edit) { site in
      try site.edit("content/announcements/old-12.md", "number *12*.", "number *twelve*.")
    },
    EditCase(name: "an expired record's action label", route: .edit) { site in
      try site.edit(
        "content/announcements/old-15.md", "actionLabel: Read about it", "actionLabel: The story")
    },
    EditCase(name: "a JSON record's title", route: .edit) { site in
      try site.edit(
        "content/announcements/old-json-13.json", "Old JSON notice 13", "JSON notice thirteen")
    },
    EditCase(name: "two records, on two pages of the archive", route: .edit) { site in
      try site.edit(older, "title: Old notice 7", "title: Seven")
      try site.edit("content/announcements/old-61.md", "title: Old notice 61", "title: Sixty-one")
    },
    EditCase(name: "a title over 80 characters, which warns", route: .edit) { site in
      try site.edit(
        "content/announcements/old-20.md", "title: Old notice 20",
        "title: " + String(repeating: "A very long title ", count: 6))
    },
    EditCase(name: "a record touched, its bytes the same", route: .edit) { site in
      try site.edit(older, "title: Old notice 7", "title: Old notice 7")
    },
    EditCase(name: "a record saved through a rename, as some editors save", route: .edit) { site in
      let text = try String(contentsOfFile: site.site.path(older), encoding: .utf8)
      try site.site.write(
        "content/announcements/.old-7.md.swp",
        text.replacingOccurrences(of: "Old notice 7", with: "Renamed notice"))
      #expect(
        rename(site.site.path("content/announcements/.old-7.md.swp"), site.site.path(older)) == 0)
    },
    EditCase(name: "an inactive record's title", route: .edit) { site in
      try site.edit(
        "content/announcements/beta-programme.md", "title: Try new features early in the beta",
        "title: Try new features first")
    },
    EditCase(name: "a scheduled record's body", route: .edit) { site in
      try site.edit(
        "content/announcements/spring-timetable-2027.md", "Some evening services",
        "Some night services")
    },
    EditCase(name: "only the time, within the span no record changes state in", route: .edit) {
      site in
      site.now = "2026-11-30T18:00:00Z"
    },
    EditCase(name: "a record's page removed from the output", route: .edit) { site in
      try FileManager.default.removeItem(
        atPath: site.work.path("public/announcements/old-7/index.html"))
    },
    EditCase(name: "an edit of words under --strict", route: .edit, arguments: ["--strict"]) {
      site in
      try site.edit(older, "title: Old notice 7", "title: Strictly seven")
    },
  ]

  static let others: [EditCase] = [
    EditCase(name: "a live record's title", route: .whole) { site in
      try site.edit(
        "content/announcements/widgets-1-10.md", "title: Departures on your home screen",
        "title: Departures at a glance")
    },
    EditCase(name: "a wall's title", route: .whole) { site in
      try site.edit(
        "content/announcements/sunset-1-8.md",
        "title: This version of Linewise has stopped working", "title: Please update Linewise")
    },
    EditCase(name: "an expired record's publish date", route: .whole) { site in
      try site.edit(older, "expiresAt: 2025-11-01", "expiresAt: 2025-10-31")
    },
    EditCase(name: "a record added", route: .whole) { site in
      try site.site.write("content/announcements/old-new.md", EditSite.olderRecord(7).text)
    },
    EditCase(name: "a record removed", route: .whole) { site in
      try FileManager.default.removeItem(atPath: site.site.path(older))
    },
    EditCase(name: "herald.yaml's title", route: .whole) { site in
      try site.edit("herald.yaml", "title: Linewise — what's new", "title: Linewise news")
    },
    EditCase(name: "the time past an expiry", route: .whole) { site in
      site.now = "2026-12-14T12:00:00Z"
    },
    EditCase(name: "a record with an error", route: .whole) { site in
      try site.edit(older, "severity: INFO", "severity: LOUD")
    },
    EditCase(name: "a warning under --strict", route: .whole, arguments: ["--strict"]) { site in
      try site.edit(
        older, "title: Old notice 7", "title: " + String(repeating: "Far too long ", count: 8))
    },
    EditCase(name: "a manifest edited by hand in the output", route: .whole) { site in
      try site.work.write("public/api/v1/ios/live.json", "{}\n")
    },
    EditCase(name: "a damaged snapshot", route: .whole) { site in
      let cache = site.work.url.appending(path: "cache")
      for folder in try FileManager.default.contentsOfDirectory(atPath: cache.path) {
        let path = cache.appending(path: folder + "/snapshot").path
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count / 2] ^= 0x20
        try Data(bytes).write(to: URL(fileURLWithPath: path))
      }
    },
  ]

  /// Builds, applies a change, builds again, and checks the way it went and what it wrote.
  func rebuild(after change: EditCase) throws {
    var site = try EditSite()
    let first = try site.build(change.arguments)
    #expect(first.result.status == 0, "\(first.result.stderr)")
    #expect(first.route == .whole)
    try change.apply(&site)
    let built = try site.build(change.arguments)
    #expect(built.route == change.route, "went \(String(describing: built.route))")
    try site.expectSameAsFromNothing(built, change.arguments, change.name)
  }

  @Test("an edit of words takes the edit's rebuild", arguments: edits)
  func edit(_ change: EditCase) throws { try rebuild(after: change) }

  @Test("any other change reads the whole site", arguments: others)
  func other(_ change: EditCase) throws { try rebuild(after: change) }

  /// After an edit's rebuild, its snapshot is the one the next edit starts from: edits one after
  /// another, then changes of other kinds, each checked against a build from nothing.
  @Test("edits one after another, then other changes, each as a whole build writes it")
  func sequence() throws {
    var site = try EditSite()
    #expect(try site.build().route == .whole)
    let steps: [(EditSite.Route, (inout EditSite) throws -> Void)] = [
      (.edit, { try $0.edit(Self.older, "title: Old notice 7", "title: First") }),
      (.edit, { try $0.edit("content/announcements/old-40.md", "number *40*", "number forty") }),
      (.edit, { try $0.edit(Self.older, "title: First", "title: Second") }),
      (.whole, { try $0.edit(Self.older, "expiresAt: 2025-11-01", "expiresAt: 2025-11-02") }),
      (.edit, { try $0.edit(Self.older, "title: Second", "title: Third") }),
      (.edit, { _ in }),
    ]
    for (index, (route, step)) in steps.enumerated() {
      try step(&site)
      let built = try site.build()
      #expect(built.route == route, "step \(index + 1)")
      try site.expectSameAsFromNothing(built, [], "step \(index + 1)")
    }
  }
}

/// Random changes, one after another, each rebuilt through the cache and checked against a build
/// from nothing: whatever way a build goes, it writes what a whole build writes.
@Suite("Random changes rebuild as a build from nothing builds")
struct RandomEditTests {
  @Test("twenty-four random changes, for each of three seeds", arguments: [1, 2, 3] as [UInt64])
  func randomChanges(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var site = try EditSite(older: 60)
    var alive = Array(0..<60)
    var routes: [EditSite.Route: Int] = [:]
    #expect(try site.build().route == .whole)
    for step in 1...24 {
      let what = try Self.change(&site, alive: &alive, random: &random)
      let built = try site.build()
      if let route = built.route { routes[route, default: 0] += 1 }
      try site.expectSameAsFromNothing(built, [], "seed \(seed), step \(step): \(what)")
    }
    // Most changes are edits of words: some of them, at least, are rebuilt as edits.
    #expect(routes[.edit, default: 0] >= 4, "\(routes)")
    #expect(routes[.whole, default: 0] >= 2, "\(routes)")
  }

  /// Applies one random change and says what it was.
  static func change(
    _ site: inout EditSite, alive: inout [Int], random: inout SplitMix64
  ) throws -> String {
    let index = alive.randomElement(using: &random) ?? 0
    let path = EditSite.olderRecord(index).path
    let file = site.site.path(path)
    var text = try String(contentsOfFile: file, encoding: .utf8)
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<4:
      let word = "edit\(random.next() % 1000)"
      text = text.replacingOccurrences(of: "notice \(index)", with: "notice \(index) \(word)")
      try site.site.write(path, text)
      return "the words of \(path)"
    case 4:
      let year = Bool.random(using: &random) ? "2027" : "2025"
      text = text.replacingOccurrences(of: "2025-11-01", with: "\(year)-11-01")
      try site.site.write(path, text)
      return "the expiry of \(path), to \(year)"
    case 5:
      alive.removeAll { $0 == index }
      try FileManager.default.removeItem(atPath: file)
      return "\(path) removed"
    case 6:
      let new = 1000 + Int(random.next() % 1000)
      let record = EditSite.olderRecord(new)
      try site.site.write(record.path, record.text)
      alive.append(new)
      return "\(record.path) added"
    case 7:
      let minutes = Int(random.next() % 3000)
      site.now = "2026-1\(minutes > 1500 ? 2 : 1)-\(10 + minutes % 18)T12:00:00Z"
      return "the time, to \(site.now)"
    case 8:
      try site.site.write(path, text)
      return "\(path) written again as it was"
    default:
      let page = site.work.path("public/announcements/old-\(index)/index.html")
      try? FileManager.default.removeItem(atPath: page)
      return "the page of old-\(index) removed from the output"
    }
  }
}

/// A site of several locales: each edition's pages of an edited record are planned again.
@Suite("An edit's rebuild in every edition")
struct EditionEditTests {
  @Test("an expired record's title, in a site of two locales, as a build from nothing writes it")
  func twoLocales() throws {
    var site = try EditSite(older: 60)
    try site.edit("herald.yaml", "language: en-GB", "locales: [en-GB, de]")
    #expect(try site.build().route == .whole)
    try site.edit(EditRebuildTests.older, "title: Old notice 7", "title: Seven, in two editions")
    let built = try site.build()
    #expect(built.route == .edit)
    try site.expectSameAsFromNothing(built, [], "an edit in two editions")
    let page = try String(
      contentsOfFile: site.work.path("public/de/announcements/old-7/index.html"), encoding: .utf8)
    #expect(page.contains("Seven, in two editions"))
  }
}
