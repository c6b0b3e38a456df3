import Foundation
import HeraldTestSupport
import Testing

/// Every way to break a line that a value in a record can carry: CRLF (one Character in Swift),
/// LF, a lone CR, vertical tab, form feed, NEL, the line and paragraph separators.
private let lineBreaks: [(name: String, yaml: String)] = [
  ("CRLF", "\\r\\n"), ("LF", "\\n"), ("CR", "\\r"), ("VT", "\\v"), ("FF", "\\f"), ("NEL", "\\N"),
  ("LS", "\\L"), ("PS", "\\P"),
]

@Suite("A value in a record can never start a line of herald's output")
struct OutputInjectionTests {
  /// A site whose records each smuggle a workflow command after one kind of line break, in a
  /// value that diagnostics quote (the severity), in a title and in a file name.
  func hostileSite() throws -> TemporaryDirectory {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    for (index, lineBreak) in lineBreaks.enumerated() {
      let payload = "\(lineBreak.yaml)::error file=README.md,line=1::pwned \(lineBreak.name)"
      try site.write(
        "content/announcements/inject-\(index).md",
        """
        ---
        id: inject-\(index)
        title: "Title\(payload)"
        severity: "CRITICAL\(payload)"
        kind: NOTICE
        publishAt: 2026-01-01
        ---
        Body.

        """)
    }
    try site.write("content/announcements/name\n::error file=x::pwned.txt", "not a record\n")
    return site
  }

  @Test("--format github: one workflow command per line, nothing else starting with ::")
  func github() throws {
    let site = try hostileSite()
    let result = try HeraldProcess.run(["check", "--site", site.url.path, "--format", "github"])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    let commands = lines.filter { $0.hasPrefix("::") }
    #expect(commands.count == lineBreaks.count + 1, "\(result.stdout)")
    for line in commands {
      #expect(line.hasPrefix("::error file=") || line.hasPrefix("::warning file="), "\(line)")
      // The payload may appear inside a message, never at the start of a line.
      #expect(!line.hasPrefix("::error file=README.md"), "\(line)")
    }
    for scalar in result.stdout.unicodeScalars where scalar.value < 0x20 || scalar.value > 0x7E {
      #expect(scalar == "\n" || scalar.properties.isAlphabetic, "raw \(scalar.value) in output")
    }
    #expect(result.stdout.contains("pwned CRLF"))
  }

  @Test("text diagnostics: every line is a diagnostic, a hint or the count")
  func text() throws {
    let site = try hostileSite()
    let result = try HeraldProcess.run(["check", "--site", site.url.path])
    #expect(result.status == 1)
    for line in result.stderr.split(separator: "\n") {
      #expect(
        line.hasPrefix(site.url.path) || line.hasPrefix("  hint: "), "a line of its own: \(line)")
    }
    #expect(result.stderr.contains("\\r\\n::error file=README.md"))
    #expect(result.stderr.contains("\\u{2028}::error"))
    #expect(result.stderr.contains("\\u{85}::error"))
  }
}
