import HeraldCore
import Testing

/// Builds record fields as the loader would, one line per field.
func entries(_ fields: [(String, SourceValue)]) -> [SourceEntry] {
  fields.enumerated().map { index, field in
    SourceEntry(
      key: field.0, at: SourcePosition(line: index + 2, column: 1),
      value: SourceNode(field.1, at: SourcePosition(line: index + 2, column: field.0.count + 3)))
  }
}

func plain(_ text: String) -> SourceValue { .scalar(.plain(text)) }
func quoted(_ text: String) -> SourceValue { .scalar(.string(text)) }
func list(_ items: [String]) -> SourceValue {
  .sequence(items.map { SourceNode(.scalar(.plain($0)), at: SourcePosition(line: 1, column: 1)) })
}

let testConfig = SiteConfig(
  title: "T", baseURL: "https://example.com/", author: "A",
  platforms: [
    PlatformSettings(
      key: "ios", store: "https://apps.example/ios",
      releases: ["1.8.0", "1.9.0", "1.10.0", "2.0.0"].compactMap(Version.init)),
    PlatformSettings(
      key: "android", store: nil, releases: ["1.9.0", "2.1.0"].compactMap(Version.init)),
  ], deepLinkSchemes: ["linewise"])

@Suite("Each record rule of DESIGN §2")
struct AnnouncementDecoderTests {
  static let valid: [(String, SourceValue)] = [
    ("id", plain("dark-mode")), ("title", plain("Dark mode")), ("severity", plain("INFO")),
    ("kind", plain("WHATS_NEW")), ("publishAt", plain("2026-03-01")),
  ]

  static let wall: [(String, SourceValue)] = [
    ("id", plain("wall")), ("title", plain("Update")), ("severity", plain("CRITICAL")),
    ("kind", plain("UPDATE_AVAILABLE")), ("publishAt", plain("2026-03-01")),
    ("blocking", plain("true")), ("confirmBlocking", plain("wall")),
    ("actionUrl", plain("https://x.example")),
    ("belowVersion", plain("1.10.0")), ("platforms", list(["ios"])),
  ]

  func decode(_ fields: [(String, SourceValue)], config: SiteConfig? = testConfig) -> DecodedRecord
  {
    AnnouncementDecoder(config: config).decode(
      file: "r.md", entries: entries(fields), body: .empty)
  }

  func replacing(_ base: [(String, SourceValue)], _ changes: [(String, SourceValue?)]) -> [(
    String, SourceValue
  )] {
    var fields = base
    for (key, value) in changes {
      if let index = fields.firstIndex(where: { $0.0 == key }) {
        if let value { fields[index].1 = value } else { fields.remove(at: index) }
      } else if let value {
        fields.append((key, value))
      }
    }
    return fields
  }

  @Test("a minimal record is valid and gets the defaults")
  func minimal() throws {
    let record = decode(Self.valid)
    #expect(record.diagnostics.isEmpty)
    let announcement = try #require(record.announcement)
    #expect(announcement.active && !announcement.draft && !announcement.blocking)
    #expect(announcement.range == .unbounded && announcement.platforms == nil)
    #expect(announcement.publishAt == Timestamp("2026-03-01"))
  }

  @Test("versions are typed from the text written: 1.10 stays 1.10")
  func versionText() throws {
    let record = decode(
      replacing(Self.valid, [("minVersion", plain("1.10")), ("maxVersion", plain("1.10.5"))]))
    let range = try #require(record.announcement?.range)
    #expect(range.minimum?.text == "1.10")
    #expect(range.contains(try #require(Version("1.10.0"))))
    #expect(!range.contains(try #require(Version("1.9.0"))))
  }

  @Test(
    "field rules",
    arguments: [
      ("unknown field", [("miniVersion", plain("1.2"))], "unknown-field"),
      ("missing publishAt", [("publishAt", nil)], "missing-field"),
      ("list as title", [("title", list(["a"]))], "wrong-type"),
      ("empty minVersion", [("minVersion", plain(""))], "empty-value"),
      ("yes as boolean", [("active", plain("yes"))], "invalid-boolean"),
      ("quoted boolean", [("draft", quoted("true"))], "invalid-boolean"),
      ("True as boolean", [("active", plain("True"))], "invalid-boolean"),
      ("uppercase id", [("id", plain("Dark-Mode"))], "invalid-id"),
      ("id with trailing hyphen", [("id", plain("dark-"))], "invalid-id"),
      ("id too long", [("id", plain(String(repeating: "a", count: 65)))], "invalid-id"),
      ("blank title", [("title", quoted("  \t "))], "empty-title"),
      ("severity near miss", [("severity", plain("Critical"))], "invalid-severity"),
      ("kind near miss", [("kind", plain("WHATS-NEW"))], "invalid-kind"),
      ("v-prefixed version", [("minVersion", plain("v1.2"))], "invalid-version"),
      (
        "inverted range", [("minVersion", plain("1.10")), ("maxVersion", plain("1.9.0"))],
        "range-inverted"
      ),
      (
        "two upper bounds", [("maxVersion", plain("1.9.9")), ("belowVersion", plain("2.0.0"))],
        "range-two-upper-bounds"
      ),
      (
        "belowVersion at minVersion",
        [("minVersion", plain("1.9")), ("belowVersion", plain("1.9.0"))], "range-inverted"
      ),
      (
        "belowVersion under minVersion, compared as numbers",
        [("minVersion", plain("1.10")), ("belowVersion", plain("1.9.0"))], "range-inverted"
      ),
      ("near miss of belowVersion", [("bellowVersion", plain("1.9.0"))], "unknown-field"),
      ("unknown platform", [("platforms", list(["andriod"]))], "unknown-platform"),
      ("empty platforms", [("platforms", list([]))], "invalid-platforms"),
      ("duplicate platform", [("platforms", list(["ios", "ios"]))], "invalid-platforms"),
      ("http action", [("actionUrl", plain("http://x.example"))], "invalid-action-url"),
      ("store without a store URL", [("actionUrl", plain("store"))], "store-not-configured"),
      (
        "timestamp without offset", [("publishAt", plain("2026-03-01T09:00:00"))],
        "invalid-timestamp"
      ),
      ("expires before publish", [("expiresAt", plain("2026-02-01"))], "expires-before-publish"),
      ("updated before publish", [("updatedAt", plain("2026-02-01"))], "updated-before-publish"),
      (
        "confirmation without a wall", [("confirmBlocking", plain("dark-mode"))],
        "confirm-without-blocking"
      ),
      ("empty action label", [("actionLabel", quoted(" "))], "empty-value"),
    ] as [(String, [(String, SourceValue?)], String)])
  func fieldRule(_ name: String, _ changes: [(String, SourceValue?)], _ code: String) {
    let record = decode(replacing(Self.valid, changes))
    #expect(record.diagnostics.map(\.code.name).contains(code), "\(name): \(record.diagnostics)")
    #expect(record.announcement == nil, "\(name) must make the record invalid")
  }

  @Test(
    "warnings leave the record valid",
    arguments: [
      (
        "range that matches no release", [("minVersion", plain("3.0.0"))],
        "range-matches-no-release"
      ),
      ("long title", [("title", plain(String(repeating: "x", count: 81)))], "long-title"),
      (
        "expires the moment it is published", [("expiresAt", plain("2026-03-01T00:00:00Z"))],
        "expires-at-publish"
      ),
    ] as [(String, [(String, SourceValue?)], String)])
  func warning(_ name: String, _ changes: [(String, SourceValue?)], _ code: String) {
    let record = decode(replacing(Self.valid, changes))
    #expect(record.diagnostics.map(\.code.name) == [code], "\(name)")
    #expect(record.diagnostics.allSatisfy { $0.severity == .warning })
    #expect(record.announcement != nil)
  }

  @Test(
    "a wall that follows every rule is valid",
    arguments: [
      [], [("belowVersion", plain("2.0.0"))],
      [("platforms", nil), ("belowVersion", plain("1.9.0"))],
    ] as [[(String, SourceValue?)]])
  func validWall(_ changes: [(String, SourceValue?)]) {
    let record = decode(replacing(Self.wall, changes))
    #expect(record.diagnostics.isEmpty, "\(record.diagnostics)")
    #expect(record.announcement?.blocking == true)
  }

  @Test("a wall's maxVersion that leaves hotfixes unwalled is a warning that names belowVersion")
  func wallGap() {
    let record = decode(
      replacing(Self.wall, [("belowVersion", nil), ("maxVersion", plain("1.8.9"))]))
    #expect(record.announcement != nil)
    #expect(
      record.diagnostics.map(\.description) == [
        "r.md:11:13: warning: the wall stops at maxVersion 1.8.9, so versions between it and the next"
          + " release (ios 1.9.0) are not walled: a hotfix such as 1.8.9.1 escapes [wall-gap]\n"
          + "  hint: write belowVersion: 1.9.0 instead, which walls every version below it"
      ])
  }

  @Test(
    "the blocking rules",
    arguments: [
      ("not CRITICAL", [("severity", plain("IMPORTANT"))], "blocking-not-critical"),
      ("no actionUrl", [("actionUrl", nil)], "blocking-without-action"),
      ("no confirmation", [("confirmBlocking", nil)], "blocking-unconfirmed"),
      (
        "a confirmation that is not the id", [("confirmBlocking", plain("wal"))],
        "blocking-unconfirmed"
      ),
      ("no upper bound", [("belowVersion", nil)], "blocking-without-max-version"),
      (
        "maxVersion at the current release",
        [("belowVersion", nil), ("maxVersion", plain("2.0.0"))], "wall-covers-current-release"
      ),
      (
        "belowVersion past the current release", [("belowVersion", plain("2.0.1"))],
        "wall-covers-current-release"
      ),
      (
        "covers android's current release when it reaches every platform",
        [("platforms", nil), ("belowVersion", plain("2.2.0"))], "wall-covers-current-release"
      ),
      (
        "lies wholly above the current release",
        [("minVersion", plain("3.0")), ("belowVersion", plain("4.0"))],
        "wall-covers-current-release"
      ),
    ] as [(String, [(String, SourceValue?)], String)])
  func blockingRule(_ name: String, _ changes: [(String, SourceValue?)], _ code: String) {
    let record = decode(replacing(Self.wall, changes))
    #expect(record.diagnostics.map(\.code.name).contains(code), "\(name): \(record.diagnostics)")
    #expect(record.announcement == nil)
  }

  @Test("a wall that reaches a platform without releases is refused, not left unchecked")
  func wallWithoutReleases() {
    var config = testConfig
    config.platforms.append(PlatformSettings(key: "web", store: nil, releases: []))
    let record = decode(replacing(Self.wall, [("platforms", nil)]), config: config)
    let messages = record.diagnostics.filter { $0.code == .wallWithoutReleases }.map(\.message)
    #expect(messages == ["the wall reaches web, whose releases herald.yaml does not list"])
    #expect(record.announcement == nil)
  }

  @Test("the current-release rule names each platform it walls")
  func wallNamesPlatforms() {
    let record = decode(replacing(Self.wall, [("platforms", nil), ("belowVersion", plain("9.0"))]))
    let messages = record.diagnostics.filter { $0.code == .wallCoversCurrentRelease }.map(\.message)
    #expect(messages.count == 2)
    #expect(messages.contains { $0.contains("ios 2.0.0") })
    #expect(messages.contains { $0.contains("android 2.1.0") })
  }

  @Test("every problem in a record is reported, at the value's position")
  func allProblems() {
    let record = decode([
      ("id", plain("X")), ("title", plain("")), ("severity", plain("LOUD")),
      ("kind", plain("NEWS")),
      ("publishAt", plain("soon")),
    ])
    #expect(
      record.diagnostics.map(\.code.name) == [
        "invalid-id", "empty-value", "invalid-severity", "invalid-kind", "invalid-timestamp",
      ])
    #expect(record.diagnostics.first?.position == SourcePosition(line: 2, column: 5))
  }

  @Test("without a configuration, platform rules are skipped rather than reported everywhere")
  func withoutConfig() {
    let record = decode(replacing(Self.valid, [("platforms", list(["anything"]))]), config: nil)
    #expect(record.diagnostics.isEmpty)
  }

  @Test("duplicate ids name both files")
  func duplicateIDs() {
    let first = decode(Self.valid)
    let second = AnnouncementDecoder(config: testConfig).decode(
      file: "b.md", entries: entries(Self.valid), body: .empty)
    let diagnostics = DuplicateIDRule.diagnostics(for: [second, first])
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.file == "r.md")
    #expect(diagnostics.first?.message.contains("b.md:2") == true)
  }

  /// Every later use of an id names the first file in path order, whatever order the records
  /// come in; records with other ids, or none, are left alone.
  @Test(
    "each later use of an id names its first file in path order",
    arguments: [
      ["c.md", "a.md", "e.md", "b.md", "d.md"], ["a.md", "b.md", "c.md", "d.md", "e.md"],
      ["e.md", "d.md", "c.md", "b.md", "a.md"],
    ])
  func duplicateRuns(_ order: [String]) {
    let ids = ["a.md": "same", "b.md": "other", "c.md": "same", "d.md": "same", "e.md": "other"]
    let records =
      order.map { file in
        AnnouncementDecoder(config: testConfig).decode(
          file: file, entries: entries(replacing(Self.valid, [("id", plain(ids[file] ?? ""))])),
          body: .empty)
      } + [decode(replacing(Self.valid, [("id", nil)]))]
    let found = DuplicateIDRule.diagnostics(for: records).map { ($0.file, $0.message) }
      .sorted { $0.0 < $1.0 }
    #expect(found.map(\.0) == ["c.md", "d.md", "e.md"])
    #expect(found[0].1.contains("\"same\" is also used by a.md:"))
    #expect(found[1].1.contains("\"same\" is also used by a.md:"))
    #expect(found[2].1.contains("\"other\" is also used by b.md:"))
  }
}
