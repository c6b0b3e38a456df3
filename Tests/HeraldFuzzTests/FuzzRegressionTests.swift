import Foundation
import HeraldFuzzTargets
import HeraldTestSupport
import Testing

/// The inputs a target is replayed on: its hand-written seeds, every crash the fuzzers ever found
/// (kept in Tests/Fuzz/regressions/<target>/), and for the file readers the fixtures' own files.
private func inputs(for target: FuzzTarget) -> [URL] {
  let fuzz = Fixtures.packageRoot.appending(path: "Tests/Fuzz")
  var folders = [
    fuzz.appending(path: "seeds/\(target.rawValue)"),
    fuzz.appending(path: "regressions/\(target.rawValue)"),
  ]
  var urls: [URL] = []
  func files(_ folder: URL, suffix: String = "") -> [URL] {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    else { return [] }
    return walker.compactMap { $0 as? URL }.filter {
      !$0.hasDirectoryPath && $0.lastPathComponent.hasSuffix(suffix)
        && !$0.lastPathComponent.hasPrefix(".")
    }
  }
  switch target {
  case .record: folders.append(Fixtures.root)
  case .json: folders.append(Fixtures.root)
  case .config: folders.append(Fixtures.root)
  case .mustache: folders.append(Fixtures.packageRoot.appending(path: "themes"))
  case .document:
    folders.append(Fixtures.packageRoot.appending(path: "conformance/client/channels"))
  default: break
  }
  for folder in folders {
    let suffix: String
    switch (target, folder.path.hasPrefix(fuzz.path)) {
    case (.record, false): suffix = ".md"
    case (.json, false): suffix = ".json"
    case (.config, false): suffix = "herald.yaml"
    case (.mustache, false): suffix = ".mustache"
    default: suffix = ""
    }
    urls += files(folder, suffix: suffix)
  }
  return urls.sorted { $0.path < $1.path }
}

@Suite("Every fuzz seed and every crash ever found runs through its target without a finding")
struct FuzzRegressionTests {
  @Test("replay", arguments: FuzzTarget.allCases)
  func replay(_ target: FuzzTarget) throws {
    let urls = inputs(for: target)
    #expect(urls.count >= 2, "\(target.rawValue) has too few inputs to prove anything")
    for url in urls {
      // A finding is a failed precondition: it stops this process, as it stops the fuzzer.
      target.run(Array(try Data(contentsOf: url)))
    }
    // Every body the clients are tested against, for the reader they are written for.
    if target == .document {
      for body in MalformedTable.shared.refused + MalformedTable.shared.accepted {
        target.run(Array(body.bytes))
      }
    }
  }
}
