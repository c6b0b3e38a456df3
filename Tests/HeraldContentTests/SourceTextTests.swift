import HeraldCore
import Testing

@testable import HeraldContent

@Suite("Reading a file's bytes")
struct SourceTextTests {
  @Test("a byte-order mark is dropped, and CRLF and a lone CR each become LF")
  func bomAndCRLF() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a\r\nb\r\n\rc\rd\r".utf8)
    let text = try SourceText.decode(bytes, file: "f").get().text
    #expect(text == "a\nb\n\nc\nd\n")
  }

  @Test(
    "invalid UTF-8 is reported at its line and column",
    arguments: [
      (Array("ab\ncé".utf8) + [0xFF], 2, 3), ([0xC3, 0x28], 1, 1),
      (Array("x\ny\nzz".utf8) + [0xE2, 0x82], 3, 3),
      (Array("x\ry\r\nz".utf8) + [0xFF], 3, 2),
    ] as [([UInt8], Int, Int)])
  func invalidUTF8(_ bytes: [UInt8], _ line: Int, _ column: Int) {
    guard case .failure(let error) = SourceText.decode(bytes, file: "f") else {
      Issue.record("expected a failure")
      return
    }
    #expect(error.diagnostic.code == .invalidUTF8)
    #expect(error.diagnostic.position == SourcePosition(line: line, column: column))
  }
}

@Suite("Front matter")
struct FrontMatterTests {
  @Test("splits at the --- lines and counts lines over the whole file")
  func split() throws {
    let parts = try FrontMatter.split("---\nid: a\ntitle: b\n---\nBody\n", file: "f").get()
    #expect(parts.yaml == "id: a\ntitle: b")
    #expect(parts.yamlFirstLine == 2)
    #expect(parts.body == "Body\n")
    #expect(parts.bodyFirstLine == 5)
  }

  @Test(
    "problems",
    arguments: [
      ("id: a\n---\n", DiagnosticCode.missingFrontMatter),
      ("---\nid: a\n", .unterminatedFrontMatter),
      ("", .missingFrontMatter), ("----\nid: a\n----\n", .missingFrontMatter),
    ])
  func problems(_ text: String, _ code: DiagnosticCode) {
    guard case .failure(let error) = FrontMatter.split(text, file: "f") else {
      Issue.record("expected a failure for \(text)")
      return
    }
    #expect(error.diagnostic.code == code)
  }
}
