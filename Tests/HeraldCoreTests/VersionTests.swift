import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@Suite("Versions compare as DESIGN §2 says")
struct VersionTests {
  private func version(_ text: String) throws -> Version { try Version(parsing: text) }

  /// The version table every client shares: conformance/versions.json.
  nonisolated(unsafe) static let table: [String: Any] = {
    let url = Fixtures.packageRoot.appending(path: "conformance/versions.json")
    guard let data = try? Data(contentsOf: url),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return [:] }
    return object
  }()

  static func pairs(_ key: String) -> [(String, String)] {
    (table[key] as? [[String]] ?? []).compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
  }

  static let invalid: [(String, String)] = (table["invalid"] as? [[String: String]] ?? [])
    .compactMap { entry in entry["text"].map { ($0, entry["reason"] ?? "") } }

  @Test("the shared table is there") func tableIsThere() {
    #expect(Self.pairs("ordered").count >= 10 && Self.invalid.count >= 10)
  }

  @Test("ordered pairs", arguments: pairs("ordered"))
  func orders(_ lower: String, _ higher: String) throws {
    let (low, high) = (try version(lower), try version(higher))
    #expect(low < high)
    #expect(high > low)
    #expect(low != high)
  }

  @Test("equal versions", arguments: pairs("equal"))
  func equals(_ left: String, _ right: String) throws {
    let (a, b) = (try version(left), try version(right))
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(!(a < b) && !(b < a))
  }

  @Test("the SemVer 2.0.0 §11 example chain is in order")
  func semverChain() throws {
    let chain = try (Self.table["chain"] as? [String] ?? []).map { try Version(parsing: $0) }
    #expect(chain.count == 8)
    for (lower, higher) in zip(chain, chain.dropFirst()) {
      #expect(lower < higher, "\(lower) < \(higher)")
    }
    #expect(chain.shuffled().sorted() == chain)
  }

  @Test("rejections quote the text", arguments: invalid)
  func rejects(_ text: String, _ reason: String) {
    #expect {
      try Version(parsing: text)
    } throws: { error in
      let description = String(describing: error)
      return description.hasPrefix("\"\(text)\" is not a version") && description.contains(reason)
    }
  }

  @Test("the fast reading of plain versions agrees with the full parser on generated texts")
  func plainAgreesWithFull() {
    let alphabet = Array("0123456789..-+a9")
    var generator = SplitMix64(seed: 0x5EED)
    var texts = ["18446744073709551615", "18446744073709551616", "1.2.3", "007", ".", "1..2"]
    for _ in 0..<20_000 {
      let length = Int.random(in: 0..<9, using: &generator)
      texts.append(
        String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "0" }))
    }
    for text in texts {
      let fast = Result { () throws(VersionParseError) in try Version(parsing: text) }
      let full = Result { () throws(VersionParseError) in try Version(parsingInParts: text) }
      switch (fast, full) {
      case (.success(let a), .success(let b)):
        #expect(
          a.segments == b.segments && a.prerelease == b.prerelease && a.build == b.build
            && a.text == b.text, "\(text)")
      case (.failure(let a), .failure(let b)): #expect(a == b, "\(text)")
      default: Issue.record("\(text): \(fast) against \(full)")
      }
    }
  }

  @Test("manifest file names are canonical", arguments: pairs("canonical"))
  func canonical(_ text: String, _ expected: String) throws {
    #expect(try Version(parsing: text).canonical == expected)
  }

  @Test("the order is total and agrees with equality and hashing over generated versions")
  func totalOrderProperty() throws {
    var generator = SplitMix64(seed: 0x5EED_2026)
    let identifiers = ["alpha", "beta", "rc", "0", "1", "2", "11", "x-y"]
    var versions: [Version] = []
    for _ in 0..<3000 {
      let segmentCount = Int(generator.next() % 4) + 1
      var text = (0..<segmentCount).map { _ in
        let value = generator.next() % 4
        return generator.next() % 5 == 0 ? "0\(value)" : "\(value)"
      }.joined(separator: ".")
      if generator.next() % 3 == 0 {
        let count = Int(generator.next() % 3) + 1
        text +=
          "-"
          + (0..<count).map { _ in identifiers[Int(generator.next() % 8)] }
          .joined(separator: ".")
      }
      if generator.next() % 7 == 0 { text += "+build\(generator.next() % 3)" }
      versions.append(try version(text))
    }
    let sample = Array(versions.prefix(400))
    for a in sample {
      #expect(!(a < a))
      for b in sample {
        let relations = [a < b, a == b, a > b].filter { $0 }.count
        #expect(relations == 1, "exactly one of <, ==, > for \(a) and \(b)")
        if a == b { #expect(a.hashValue == b.hashValue) }
        #expect((a < b) == (b > a))
      }
    }
    let sorted = versions.sorted()
    for (lower, higher) in zip(sorted, sorted.dropFirst()) {
      #expect(lower <= higher)
    }
    for index in stride(from: 0, to: sorted.count - 2, by: 7) {
      let (a, b, c) = (sorted[index], sorted[index + 1], sorted[index + 2])
      #expect(a <= c, "transitive: \(a) ≤ \(b) ≤ \(c)")
    }
  }

  @Test("a range includes both bounds and nothing outside them")
  func rangeBounds() throws {
    let range = VersionRange(minimum: try version("1.9.0"), maximum: try version("1.10.1"))
    #expect(range.contains(try version("1.9")))
    #expect(range.contains(try version("1.10.1")))
    #expect(range.contains(try version("1.10.0")))
    #expect(!range.contains(try version("1.10.2")))
    #expect(!range.contains(try version("1.9.0-rc.1")))
    #expect(!range.contains(try version("1.8.99")))
    #expect(VersionRange.unbounded.contains(try version("999.0")))
    #expect(range.position(of: try version("2.0")) == .above)
    #expect(range.position(of: try version("1.0")) == .below)
  }
}
