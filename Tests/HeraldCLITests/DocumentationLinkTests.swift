import Foundation
import HeraldTestSupport
import Testing

/// The Markdown documents users read: the README, docs/, and the READMEs of the theme and clients.
private let documents: [String] = {
  let root = Fixtures.packageRoot
  var paths = ["README.md", "DEVELOPERS.md", "themes/default/README.md"]
  for folder in ["docs", "clients/js"] {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: folder).path))
      ?? []
    paths += names.filter { $0.hasSuffix(".md") }.map { "\(folder)/\($0)" }
  }
  return paths.filter { FileManager.default.fileExists(atPath: root.appending(path: $0).path) }
    .sorted()
}()

/// GitHub's anchor for a heading: lowercase, punctuation dropped, spaces as hyphens.
private func anchor(_ heading: String) -> String {
  var slug = ""
  for character in heading.lowercased() {
    if character.isLetter || character.isNumber || character == "-" || character == "_" {
      slug.append(character)
    } else if character == " " {
      slug.append("-")
    }
  }
  return slug
}

/// The anchors a Markdown file's headings give.
private func anchors(in text: String) -> Set<String> {
  var found: Set<String> = []
  var inFence = false
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.hasPrefix("```") { inFence.toggle() }
    guard !inFence, line.hasPrefix("#") else { continue }
    found.insert(anchor(String(line.drop { $0 == "#" }.drop { $0 == " " })))
  }
  return found
}

/// Every inline link target of a Markdown text, outside code.
private func markdownLinks(in text: String) -> [String] {
  var targets: [String] = []
  var inFence = false
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.hasPrefix("```") { inFence.toggle() }
    guard !inFence else { continue }
    // Code spans may hold brackets that are not links.
    let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
    for piece in prose.components(separatedBy: "](").dropFirst() {
      targets.append(String(piece.prefix { $0 != ")" }))
    }
  }
  return targets
}

@Suite("The documentation links only inside the repository, to files and anchors that exist")
struct DocumentationLinkTests {
  @Test("every link of every document resolves", arguments: documents)
  func links(_ document: String) throws {
    let root = Fixtures.packageRoot.standardizedFileURL
    let url = root.appending(path: document)
    let text = try String(contentsOf: url, encoding: .utf8)
    let targets = markdownLinks(in: text)
    for target in targets {
      #expect(
        !target.hasPrefix("http://") && !target.hasPrefix("https://"),
        "\(document) links outside the repository: \(target)")
      let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      let path = String(parts[0])
      let file =
        path.isEmpty
        ? url : url.deletingLastPathComponent().appending(path: path).standardizedFileURL
      #expect(
        file.path.hasPrefix(root.path + "/"), "\(document) links out of the repository: \(target)")
      // docs/ is read on its own (a published site, a copy): it links only within itself and
      // names the repository's other files as paths.
      if document.hasPrefix("docs/") {
        #expect(
          file.path.hasPrefix(root.path + "/docs/"), "\(document) links out of docs/: \(target)")
      }
      #expect(FileManager.default.fileExists(atPath: file.path), "\(document): no \(target)")
      if parts.count == 2, file.pathExtension == "md" {
        let targetText = try String(contentsOf: file, encoding: .utf8)
        #expect(
          anchors(in: targetText).contains(String(parts[1])),
          "\(document): no anchor #\(parts[1]) in \(path.isEmpty ? document : path)")
      }
    }
  }

  @Test("the documents are there, and the checker finds a broken link")
  func checkerWorks() {
    #expect(documents.contains("README.md") && documents.contains("docs/records.md"))
    #expect(markdownLinks(in: "see [a](b.md#c) and `[x](not a link)`") == ["b.md#c"])
    #expect(anchor("2. Fail open") == "2-fail-open")
    #expect(
      anchor("Five minutes: from nothing to a page in the browser")
        == "five-minutes-from-nothing-to-a-page-in-the-browser")
  }
}
