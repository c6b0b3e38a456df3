import HeraldCore

/// The files of the tree a build replaces (herald's bookkeeping aside): the output map's, or
/// those listed on disk when there is no map to go by (or it may miss files a completed journal
/// put in place).
package struct PreviousTree: Sendable {
  /// Every path.
  let paths: Set<String>

  /// The files of an output map.
  init(map: OutputMap) { paths = Set(map.paths) }

  /// Files listed on disk.
  init(listed: Set<String>) { paths = listed }

  /// Whether the tree has a file at a path.
  func contains(_ path: String) -> Bool { paths.contains(path) }

  /// Whether the tree has a file whose path satisfies a test.
  package func contains(where test: (String) -> Bool) -> Bool { paths.contains(where: test) }

  /// How many of the tree's files have a path that satisfies a test.
  package func count(where test: (String) -> Bool) -> Int { paths.count(where: test) }

  /// The tree's paths that are none of these.
  func subtracting(_ planned: [String]) -> Set<String> { paths.subtracting(planned) }
}
