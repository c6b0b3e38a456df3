import HeraldCore
import Testing

@Suite("Paths read by their bytes")
struct PathBytesTests {
  @Test(
    "the parent of a path is what precedes its last slash",
    arguments: [
      ("announcements/a/index.html", "announcements/a"), ("announcements/a", "announcements"),
      ("index.html", ""), ("", ""), ("/top", ""), ("é/ü/x", "é/ü"), ("a//b", "a/"),
    ])
  func parent(_ path: String, _ expected: String) {
    #expect(path.parentPath == expected)
  }

  @Test(
    "a suffix is matched by its bytes",
    arguments: [
      ("record.md", ".md", true), ("record.md", ".json", false), ("a.json", ".json", true),
      ("md", ".md", false), (".md", ".md", true), ("", "", true), ("x", "", true), ("", "x", false),
      ("announcements/a-long-record-name-past-fifteen-bytes/index.html", "/index.html", true),
      ("café.md", "é.md", true), ("cafe\u{301}.md", "é.md", false), ("RECORD.MD", ".md", false),
    ])
  func suffix(_ string: String, _ suffix: String, _ expected: Bool) {
    #expect(string.hasByteSuffix(suffix) == expected)
  }

  @Test(
    "parts are joined as + joins them, in one string",
    arguments: [
      ["", "", ""], ["a"], ["announcements/", "record-00007", "/index.html"], ["é", "/", "ü"],
      ["/dev/shm/an-output-folder-past-fifteen-bytes", "/", "api/v1/ios/live.json"], [],
      // A substring's bytes, not its base's.
      [String("xx-café-yy".dropFirst(3).dropLast(3)), "\u{1F600}"],
    ] as [[String]])
  func joining(_ parts: [String]) {
    let joined: String
    switch parts.count {
    case 0: joined = String.joining()
    case 1: joined = String.joining(parts[0])
    case 2: joined = String.joining(parts[0], parts[1])
    default: joined = String.joining(parts[0], parts[1], parts[2])
    }
    #expect(joined == parts.joined())
    #expect(Array(joined.utf8) == Array(parts.joined().utf8))
  }

  @Test(
    "slashes are counted",
    arguments: [("", 0), ("a", 0), ("a/b", 1), ("announcements/x/index.html", 2), ("//", 2)])
  func slashes(_ path: String, _ expected: Int) {
    #expect(path.slashCount == expected)
  }

  @Test(
    "a path climbs up only through a component that is exactly ..",
    arguments: [
      ("..", true), ("a/../b", true), ("a/..", true), ("../a", true), ("a/b", false),
      ("a/..b", false), ("...", false), ("a/.b./c", false), ("", false),
      // Longer than a small string, so read in place from its storage.
      ("announcements/record-00007/../index.html", true),
      ("announcements/record-00007/..index.html/..", true),
      ("announcements/record-00007/index.html..", false),
    ])
  func climbs(_ path: String, _ expected: Bool) {
    #expect(path.climbsUp == expected)
  }
}
