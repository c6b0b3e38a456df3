import HeraldCore
import Testing

@Suite("herald.yaml rules")
struct SiteConfigDecoderTests {
  static let platforms: SourceValue = .mapping(
    entries([
      (
        "ios",
        .mapping(
          entries([
            ("store", plain("https://apps.example/x")), ("releases", list(["1.9.0", "1.10.0"])),
          ]))
      )
    ]))

  static let valid: [(String, SourceValue)] = [
    ("title", plain("T")), ("baseURL", plain("https://linewise.example/news/")),
    ("author", plain("A")),
    ("platforms", platforms),
  ]

  func decode(_ fields: [(String, SourceValue)]) -> SiteConfigDecoder.Result {
    SiteConfigDecoder().decode(SourceNode(.mapping(entries(fields)), at: .start))
  }

  /// Issue 46, item 20: `herald init`'s `https://example.com/whats-new/` drew no warning.
  @Test(
    "a baseURL on a domain reserved for examples is a warning at its line",
    arguments: [
      ("https://example.com/whats-new/", true), ("https://news.example.org/", true),
      ("https://EXAMPLE.NET:8443/x/", true), ("https://linewise.example/", false),
      ("https://myexample.com/", false), ("https://example.com.evil.test/", false),
    ])
  func exampleBaseURL(_ url: String, _ warned: Bool) {
    var fields = Self.valid
    fields[1] = ("baseURL", plain(url))
    let codes = decode(fields).diagnostics.map(\.code)
    #expect(codes == (warned ? [.placeholderBaseURL] : []), "\(url)")
  }

  @Test("a valid configuration gets the defaults")
  func valid() throws {
    let result = decode(Self.valid)
    #expect(result.diagnostics.isEmpty)
    let config = try #require(result.config)
    #expect(config.language == "en" && config.theme == "default")
    #expect(config.platform("ios")?.currentRelease?.text == "1.10.0")
  }

  @Test(
    "rules",
    arguments: [
      ([("baseURL", plain("http://example.com/"))], "invalid-base-url"),
      ([("baseURL", plain("https://example.com/news"))], "invalid-base-url"),
      ([("language", plain("english!"))], "invalid-language"),
      ([("theme", plain("../x"))], "invalid-theme"),
      ([("baseUrl", plain("https://x/"))], "unknown-field"),
      ([("deepLinkSchemes", list(["myapp://"]))], "invalid-scheme"),
      ([("deepLinkSchemes", list(["javascript"]))], "invalid-scheme"),
      ([("platforms", SourceValue.mapping([]))], "invalid-platform"),
      ([("platforms", SourceValue.mapping(entries([("iOS", plain(""))])))], "invalid-platform"),
      // api/v1/objects/ holds the content-addressed documents.
      ([("platforms", SourceValue.mapping(entries([("objects", plain(""))])))], "invalid-platform"),
      ([("locales", list(["en", "objects"]))], "invalid-locale"),
      (
        [
          (
            "platforms",
            SourceValue.mapping(
              entries([("ios", .mapping(entries([("store", plain("http://x"))])))]))
          )
        ],
        "invalid-store-url"
      ),
      (
        [
          (
            "platforms",
            SourceValue.mapping(
              entries([("ios", .mapping(entries([("releases", list(["2.0", "1.0"]))])))]))
          )
        ],
        "releases-out-of-order"
      ),
      (
        [
          (
            "platforms",
            SourceValue.mapping(
              entries([("ios", .mapping(entries([("releases", list(["1.0", "1.0"]))])))]))
          )
        ],
        "duplicate-release"
      ),
      (
        [
          (
            "platforms",
            SourceValue.mapping(
              entries([("ios", .mapping(entries([("releases", list(["1.10", "1.10.0"]))])))]))
          )
        ],
        "release-spelled-twice"
      ),
      (
        [
          (
            "platforms",
            SourceValue.mapping(
              entries([
                ("ios", .mapping(entries([("releases", list(["1.0.0-RC.1", "1.0.0-rc.1"]))])))
              ]))
          )
        ],
        "release-names-collide"
      ),
    ] as [([(String, SourceValue)], String)])
  func rule(_ changes: [(String, SourceValue)], _ code: String) {
    var fields = Self.valid
    for (key, value) in changes {
      if let index = fields.firstIndex(where: { $0.0 == key }) {
        fields[index].1 = value
      } else {
        fields.append((key, value))
      }
    }
    let codes = decode(fields).diagnostics.map(\.code.name)
    #expect(codes.contains(code), "\(codes)")
  }

  @Test("missing required keys are each reported")
  func missing() {
    let result = decode([])
    #expect(result.diagnostics.map(\.code.name) == Array(repeating: "missing-field", count: 4))
    #expect(result.config == nil)
  }
}
