import HeraldCore
import Testing

@Suite("Two arrays matched pair by pair, in place")
struct ArrayMatchingTests {
  @Test(
    "match only with as many elements, each pair passing",
    arguments: [
      ([], [], true), (["a"], ["a"], true), (["a", "b"], ["a", "b"], true),
      (["a", "b"], ["a", "c"], false), (["a"], ["a", "b"], false), (["a", "b"], ["a"], false),
    ] as [([String], [String], Bool)])
  func matching(left: [String], right: [String], expected: Bool) {
    let wrapped = right.map { (path: $0, size: 0) }
    #expect(left.matches(wrapped) { $0 == $1.path } == expected)
  }
}
