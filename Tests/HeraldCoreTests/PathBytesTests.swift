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
