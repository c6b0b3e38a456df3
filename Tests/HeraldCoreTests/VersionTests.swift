import HeraldCore
import Testing

@Suite("Versions compare as DESIGN §2 says")
struct VersionTests {
  private func version(_ text: String) throws -> Version { try Version(parsing: text) }

  @Test(
    "ordered pairs",
    arguments: [
      ("1.9.0", "1.10.0"), ("1.0.0", "2.0.0"), ("2.9", "2.10"), ("1.2.3", "1.2.4"),
      ("0.9.99", "1.0"), ("1.0.0-alpha", "1.0.0"), ("1.9.9", "1.10.0-rc.1"),
      ("2024.1.4", "2024.01.5"), ("1", "1.0.1"), ("1.0.0-rc.1", "1.0.0-rc.2"),
    ])
  func orders(_ lower: String, _ higher: String) throws {
    let (low, high) = (try version(lower), try version(higher))
    #expect(low < high)
    #expect(high > low)
    #expect(low != high)
  }

  @Test(
    "equal versions",
    arguments: [
      ("1.0", "1.0.0"), ("2024.01.5", "2024.1.5"), ("1.0.0+build.7", "1.0.0"), ("1", "1.0.0.0"),
      ("01.002.0003", "1.2.3"), ("1.0.0-rc.1+a", "1.0.0-rc.1+b"),
    ])
  func equals(_ left: String, _ right: String) throws {
    let (a, b) = (try version(left), try version(right))
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(!(a < b) && !(b < a))
  }

  @Test("the SemVer 2.0.0 §11 example chain is in order")
  func semverChain() throws {
    let chain = [
      "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2",
      "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0",
    ].map { try! Version(parsing: $0) }
    for (lower, higher) in zip(chain, chain.dropFirst()) {
      #expect(lower < higher, "\(lower) < \(higher)")
    }
    #expect(chain.shuffled().sorted() == chain)
  }

  @Test(
    "rejections quote the text",
    arguments: [
      ("v1.2", "must start with a digit"), ("1..2", "empty segment"),
      ("1.2.x", "segment \"x\" is not a number"), ("1.2.", "empty segment"),
      (" 1.2", "must start with a digit"), ("", "it is empty"), ("-1", "must start with a digit"),
      ("1.2-", "pre-release"), ("1.2+", "build metadata"), ("1.2-be ta", "pre-release"),
      ("18446744073709551616", "too large"), ("1.99999999999999999999", "too large"),
      ("1.0.0-99999999999999999999", "too large"), ("1.2 ", "not a number"),
    ])
  func rejects(_ text: String, _ reason: String) {
    #expect {
      try Version(parsing: text)
    } throws: { error in
      let description = String(describing: error)
      return description.hasPrefix("\"\(text)\" is not a version") && description.contains(reason)
    }
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

  @Test(
    "manifest file names are canonical",
    arguments: [
      ("1.10", "1.10.0"), ("1", "1.0.0"), ("2024.01.5", "2024.1.5"), ("1.2.3.4", "1.2.3.4"),
      ("1.0.0+build.5", "1.0.0"), ("1.0-RC.1", "1.0.0-RC.1"), ("01.002-beta+x", "1.2.0-beta"),
      ("1.0.0+build-5", "1.0.0"), ("2.0-rc.1+exp-sha.5", "2.0.0-rc.1"),
    ])
  func canonical(_ text: String, _ expected: String) throws {
    #expect(try Version(parsing: text).canonical == expected)
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

/// A small deterministic generator, so the property test sees the same versions every run.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
