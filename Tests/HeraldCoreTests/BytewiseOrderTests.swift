import HeraldCore
import HeraldTestSupport
import Testing

@Suite("Strings sorted by their UTF-8 bytes")
struct BytewiseOrderTests {
  @Test(
    "a list is sorted as the bytes compare, whatever its order",
    arguments: [
      ["b", "a", "c"],
      ["ab", "a", "", "abc", "b"],
      // Long shared prefixes, as every record's page has.
      [
        "announcements/record-00010/index.html", "announcements/record-00002/index.html",
        "announcements/record-00002", "announcements/record-0001/index.html",
      ],
      // Bytes above ASCII: é (C3 A9) sorts after z, and NFC and NFD spellings stay apart.
      ["é", "z", "e\u{301}", "E", "ß"],
      ["record-00007.md", "record-00007.en.md", "record-00007.json", "Record-00007.md"],
    ])
  func sorted(_ strings: [String]) {
    let expected = strings.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    #expect(strings.sortedBytewise() == expected)
    #expect(strings.reversed().sortedBytewise() == expected)
    #expect(strings.sortedBytewise(by: { $0 }) == expected)
    for (left, right) in zip(expected, expected.dropFirst()) {
      #expect(left.precedesBytewise(right))
      #expect(!right.precedesBytewise(left))
    }
  }

  @Test(
    "random lists with long shared prefixes, NULs and repeats sort as a byte comparison does",
    arguments: 0..<40)
  func random(seed: Int) {
    var generator = SplitMix64(seed: UInt64(seed))
    let prefixes = ["", "announcements/record-", "announcements/record-0000", "a\0", "é"]
    let pieces = ["", "\0", "a", "b", "z", "é", "/", "-", "0", "9", "index.html"]
    let strings = (0..<Int.random(in: 0...300, using: &generator)).map { _ in
      (prefixes.randomElement(using: &generator) ?? "")
        + (0..<Int.random(in: 0...6, using: &generator)).map { _ in
          pieces.randomElement(using: &generator) ?? ""
        }.joined()
    }
    let expected = strings.indices.sorted {
      let (left, right) = (Array(strings[$0].utf8), Array(strings[$1].utf8))
      return left == right ? $0 < $1 : left.lexicographicallyPrecedes(right)
    }
    #expect(Array(strings.indices).sortedBytewise { strings[$0] } == expected)
    // A list that comes sorted is only checked; one out of place anywhere is still sorted.
    let sorted = expected.map { strings[$0] }
    #expect(sorted.sortedBytewise() == sorted)
    for _ in 0..<3 where sorted.count > 1 {
      let index = Int.random(in: 1..<sorted.count, using: &generator)
      var shuffled = sorted
      shuffled.swapAt(index - 1, index)
      #expect(shuffled.sortedBytewise() == sorted)
    }
  }

  @Test(
    "a list in order, or with a shorter key after a longer one it begins, is told apart",
    arguments: [
      (["a", "ab", "ab", "b"], ["a", "ab", "ab", "b"]),
      (["ab", "a"], ["a", "ab"]),
      (["a", "", "b"], ["", "a", "b"]),
      (
        ["announcements/record-00002/index.html", "announcements/record-00002"],
        ["announcements/record-00002", "announcements/record-00002/index.html"]
      ),
    ])
  func nearlySorted(_ strings: [String], _ expected: [String]) {
    #expect(strings.sortedBytewise() == expected)
    #expect(strings.sortedBytewise(by: { $0 }) == expected)
  }

  @Test("elements with the same key keep their order, and nothing is lost")
  func stable() {
    let elements = [("b", 1), ("a", 2), ("b", 3), ("", 4), ("a", 5), ("", 6)]
    let sorted = elements.sortedBytewise { $0.0 }
    #expect(sorted.map(\.1) == [4, 6, 2, 5, 1, 3])
    #expect([String]().sortedBytewise().isEmpty)
    #expect(["", ""].sortedBytewise() == ["", ""])
  }
}
