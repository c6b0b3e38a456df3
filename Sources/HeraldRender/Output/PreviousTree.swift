import HeraldCore

/// The files of the tree a build replaces (herald's bookkeeping aside): the output map's, as
/// its table holds them, or those listed on disk when there is no map to go by (or it may miss
/// files a completed journal put in place).
///
/// Answered from the map's sorted entries rather than a set made of them: a set of 9,400 paths
/// cost an edit's rebuild 2 ms to make, and as much again to subtract the plan from.
package struct PreviousTree: Sendable {
  private let mapped: OutputMap?
  private let listed: Set<String>

  /// The files of an output map.
  init(map: OutputMap) {
    mapped = map
    listed = []
  }

  /// Files listed on disk.
  init(listed: Set<String>) {
    mapped = nil
    self.listed = listed
  }

  /// Whether the tree has a file at a path.
  func contains(_ path: String) -> Bool {
    if let mapped { return mapped.place(of: path) != nil }
    return listed.contains(path)
  }

  /// Whether the tree has a file whose path satisfies a test.
  package func contains(where test: (String) -> Bool) -> Bool {
    if let mapped { return mapped.sorted.contains { test($0.path) } }
    return listed.contains(where: test)
  }

  /// How many of the tree's files have a path that satisfies a test.
  package func count(where test: (String) -> Bool) -> Int {
    if let mapped { return mapped.sorted.count { test($0.path) } }
    return listed.count(where: test)
  }

  /// Every path, in no particular order.
  var paths: [String] { mapped?.paths ?? Array(listed) }

  /// The tree's paths that are none of these (each given once): none, without a set of either,
  /// when they are the map's in its order, or every one of them is in the tree and the counts are
  /// equal.
  func subtracting(_ planned: [String]) -> Set<String> {
    let count = mapped?.sorted.count ?? listed.count
    if let mapped, planned.matches(mapped.sorted, by: { $0 == $1.path }) { return [] }
    if planned.count == count, planned.allSatisfy(contains) { return [] }
    return Set(paths).subtracting(planned)
  }
}
