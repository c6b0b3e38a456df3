import HeraldCore

/// The files of the tree a build replaces (herald's bookkeeping aside): the output map's, or
/// those listed on disk when there is no map to go by (or it may miss files a completed journal
/// put in place).
///
/// Kept as the map keeps them, sorted by path, and searched: an edit asks about a few dozen
/// files, and a set of ten thousand paths (and one of their folders, for a new file) hashed every
/// path of the tree for them (some 10 ms of a 10,000-record edit).
package struct PreviousTree: Sendable {
  /// Every path, sorted bytewise, each once.
  let sorted: [String]

  /// The files of an output map (sorted already: a map out of order is not read).
  init(map: OutputMap) { sorted = map.paths }

  /// Files listed on disk.
  init(listed: Set<String>) { sorted = Array(listed).sortedBytewise() }

  /// Whether the tree has a file at a path.
  func contains(_ path: String) -> Bool {
    let place = sorted.lowerBoundBytewise(of: path) { $0 }
    return place < sorted.count && sorted[place] == path
  }

  /// Whether the tree has a file under a folder (`a/b` for `a/b/c.html`).
  func hasFolder(_ folder: String) -> Bool {
    let prefix = folder + "/"
    let place = sorted.lowerBoundBytewise(of: prefix) { $0 }
    return place < sorted.count && sorted[place].hasPrefix(prefix)
  }

  /// Whether the tree has a file whose path satisfies a test.
  package func contains(where test: (String) -> Bool) -> Bool { sorted.contains(where: test) }

  /// How many of the tree's files have a path that satisfies a test.
  package func count(where test: (String) -> Bool) -> Int { sorted.count(where: test) }

  /// The tree's paths that are none of these, sorted: one walk of the two lists in order.
  func subtracting(_ planned: [String]) -> [String] {
    let planned = planned.sortedBytewise()
    var gone: [String] = []
    var next = 0
    for path in sorted {
      while next < planned.count && planned[next].precedesBytewise(path) { next += 1 }
      if next < planned.count && planned[next] == path { continue }
      gone.append(path)
    }
    return gone
  }
}
