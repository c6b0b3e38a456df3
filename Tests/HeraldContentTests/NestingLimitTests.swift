import Foundation
import HeraldCore
import Testing

@testable import HeraldContent

/// Runs a body on a thread with the small stack that Dispatch's worker threads have, where the
/// loader reads records, so a recursion that depends on input depth would crash here first.
private func onSmallStack<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Value {
  let box = ResultBox<Value>()
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    box.value = body()
    done.signal()
  }
  thread.stackSize = 512 * 1024
  thread.start()
  done.wait()
  guard let value = box.value else { preconditionFailure("the thread gave no result") }
  return value
}

private final class ResultBox<Value: Sendable>: @unchecked Sendable {
  var value: Value?
}

@Suite("No recursion depends on input depth without a positioned limit")
struct NestingLimitTests {
  /// Each case, and whether it is an error (links cannot contain links, so nested brackets are
  /// one link in text, which is fine).
  static let markdown: [(String, String, Bool)] = [
    (
      "emphasis",
      String(repeating: "*a ", count: 30_000) + "x" + String(repeating: " a*", count: 30_000), true
    ),
    (
      "strong",
      String(repeating: "**", count: 30_000) + "x" + String(repeating: "**", count: 30_000), true
    ),
    (
      "links",
      String(repeating: "[", count: 30_000) + "x"
        + String(repeating: "](https://a.example)", count: 30_000), false
    ),
    ("block quotes", String(repeating: "> ", count: 30_000) + "x", true),
    ("lists", String(repeating: "- ", count: 30_000) + "x", true),
    (
      "indented lists",
      (0..<3_000).map { String(repeating: " ", count: 2 * $0) + "- x" }.joined(separator: "\n"),
      true
    ),
  ]

  @Test("30,000 levels of Markdown nesting give an error, not a crash", arguments: 0..<6)
  func deepMarkdown(_ index: Int) {
    let (name, text, isError) = Self.markdown[index]
    let result = onSmallStack {
      MarkdownBodyReader(file: "f.md", firstLine: 8, fixedPosition: nil, deepLinkSchemes: [])
        .read(text)
    }
    #expect(result.diagnostics.contains { $0.severity == .error } == isError, "\(name)")
    #expect(result.diagnostics.allSatisfy { $0.line >= 8 }, "\(name): positions are in the file")
  }

  @Test("emphasis within the limit is kept")
  func shallowEmphasis() {
    let depth = MarkdownBodyReader.maximumInlineDepth
    let text = String(repeating: "*a ", count: depth) + "x" + String(repeating: " a*", count: depth)
    let result = MarkdownBodyReader(
      file: "f.md", firstLine: 1, fixedPosition: nil, deepLinkSchemes: []
    ).read(text)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
  }

  @Test("deep YAML and JSON are refused with a position")
  func deepData() {
    let yaml =
      "tags: " + String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000)
    let json =
      "{\"a\": " + String(repeating: "[", count: 30_000) + String(repeating: "]", count: 30_000)
      + "}"
    let yamlResult = onSmallStack { YAMLReader.read(yaml, file: "f.md", firstLine: 2) }
    let jsonResult = onSmallStack { JSONReader.read(json, file: "f.json") }
    guard case .failure(let yamlError) = yamlResult, case .failure(let jsonError) = jsonResult
    else {
      Issue.record("deep data was accepted")
      return
    }
    #expect(yamlError.diagnostic.message.contains("nests deeper"))
    #expect(yamlError.diagnostic.line == 2)
    #expect(jsonError.diagnostic.message.contains("nests deeper"))
  }
}
