import HeraldCore
import Testing

@Suite("Suggestions for near misses")
struct NearestNameTests {
  @Test(
    "suggests the intended name",
    arguments: [
      ("miniVersion", "minVersion"), ("maxversion", "maxVersion"), ("publishedAt", "publishAt"),
      ("actionURL", "actionUrl"), ("plaforms", "platforms"), ("confirmBlock", "confirmBlocking"),
    ])
  func suggests(_ typo: String, _ expected: String) {
    #expect(NearestName.suggestion(for: typo, among: AnnouncementField.names) == expected)
  }

  @Test(
    "enumeration values",
    arguments: [
      ("Critical", "CRITICAL"), ("critcal", "CRITICAL"), ("whats-new", "WHATS_NEW"),
      ("INFOO", "INFO"),
    ]
  )
  func enumerations(_ typo: String, _ expected: String) {
    let names = Severity.allCases.map(\.rawValue) + Kind.allCases.map(\.rawValue)
    #expect(NearestName.suggestion(for: typo, among: names) == expected)
  }

  @Test("stays quiet when nothing is close", arguments: ["colour", "x", "localisation"])
  func noSuggestion(_ name: String) {
    #expect(NearestName.suggestion(for: name, among: AnnouncementField.names) == nil)
  }

  @Test("flags: --baseurl means --base-url")
  func flags() {
    #expect(
      NearestName.suggestion(for: "--baseurl", among: ["--base-url", "--site"]) == "--base-url")
  }
}
