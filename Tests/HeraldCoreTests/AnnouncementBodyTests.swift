import HeraldCore
import Testing

@Suite("A body's plain text, as apps and page summaries read it")
struct AnnouncementBodyTests {
  @Test(
    "the first paragraph is the first of the paragraphs, wherever the list stands",
    arguments: [
      ("empty", AnnouncementBody.empty, nil),
      ("bullets only", AnnouncementBody(paragraphs: [], bullets: ["a", "b"]), nil),
      ("two paragraphs", AnnouncementBody(paragraphs: ["One.", "Two."], bullets: []), "One."),
      (
        "a list first",
        AnnouncementBody(blocks: [
          .bullets([[.text("item")]]),
          .paragraph([.text("Read "), .emphasis([.text("this")]), .code(" now")]),
        ]), "Read this now"
      ),
    ] as [(String, AnnouncementBody, String?)])
  func firstParagraph(name: String, body: AnnouncementBody, first: String?) {
    #expect(body.firstParagraph == first, "\(name)")
    #expect(body.firstParagraph == body.paragraphs.first, "\(name)")
  }
}
