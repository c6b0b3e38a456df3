import Foundation
import HeraldTestSupport
import Testing

@testable import HeraldRender

@Suite("The default theme is embedded byte for byte, whatever its files hold")
struct ThemeEmbedderTests {
  @Test("every file of themes/default is compiled in unchanged")
  func defaultThemeMatchesTheFolder() throws {
    let folder = Fixtures.packageRoot.appending(path: "themes/default")
    let onDisk = try FileTree.read(folder)
    #expect(DefaultTheme.files.keys.sorted() == onDisk.paths)
    for path in onDisk.paths { #expect(DefaultTheme.files[path] == onDisk.files[path], "\(path)") }
  }

  @Test("raw-string breakers, invalid UTF-8 and binary files round-trip through the embedder")
  func hostileFiles() throws {
    let theme = try TemporaryDirectory()
    let tricky: [String: [UInt8]] = [
      "templates/a.mustache": Array("\\#(evil) \"\"\"# \"# \\## \"\"\"## end".utf8),
      "assets/blob.bin": Array(0...255),
      "assets/\"quoted\" \\ name.css": Array("p {}\n".utf8),
    ]
    for (path, bytes) in tricky { try theme.write(path, bytes: bytes) }
    let output = try TemporaryDirectory()
    let embedder = HeraldProcess.executable.deletingLastPathComponent()
      .appending(path: "ThemeEmbedder")
    let process = Process()
    process.executableURL = embedder
    process.arguments = [theme.url.path, output.path("Files.swift")]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let source = try String(contentsOfFile: output.path("Files.swift"), encoding: .utf8)
    var decoded: [String: [UInt8]] = [:]
    for line in source.split(separator: "\n") where line.hasPrefix("    \"") {
      // "path": "base64",  (the path's escapes are \\ and \")
      guard let split = line.range(of: "\": \"", options: .backwards) else { continue }
      let path = line[line.index(line.startIndex, offsetBy: 5)..<split.lowerBound]
        .replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
      let base64 = line[split.upperBound...].dropLast(2)
      decoded[path] = Data(base64Encoded: String(base64)).map { Array($0) }
    }
    #expect(decoded == tricky)
  }
}
