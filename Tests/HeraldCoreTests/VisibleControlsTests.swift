import HeraldCore
import Testing

@Suite("Values quoted in messages cannot break a line")
struct VisibleControlsTests {
  @Test(
    "every control and separator is written visibly",
    arguments: [
      ("a\r\nb", "a\\r\\nb"), ("a\nb", "a\\nb"), ("a\rb", "a\\rb"), ("a\tb", "a\\tb"),
      ("a\u{0B}b", "a\\u{B}b"), ("a\u{0C}b", "a\\u{C}b"), ("a\u{85}b", "a\\u{85}b"),
      ("a\u{2028}b", "a\\u{2028}b"), ("a\u{2029}b", "a\\u{2029}b"),
      ("a\u{1B}[31mb", "a\\u{1B}[31mb"),
      ("a\u{7F}", "a\\u{7F}"), ("plain · text ✓", "plain · text ✓"),
    ])
  func visible(_ text: String, _ expected: String) {
    #expect(text.visibleControls == expected)
  }
}
