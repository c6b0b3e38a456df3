/// Finds the known name a mistyped one was probably meant to be (`miniVersion` → `minVersion`).
package enum NearestName {
  /// The closest candidate within a small edit distance, ignoring case, `-` and `_`; nil when none is
  /// close enough to be a likely typo.
  package static func suggestion(for name: String, among candidates: [String]) -> String? {
    let folded = fold(name)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates.sorted() {
      let distance = editDistance(folded, fold(candidate))
      if best.map({ distance < $0.distance }) ?? true { best = (candidate, distance) }
    }
    guard let best else { return nil }
    let limit = max(1, min(3, folded.count / 3))
    return best.distance <= limit ? best.candidate : nil
  }

  /// Lowercases and drops `-` and `_`, so `whats-new` meets `WHATS_NEW`.
  private static func fold(_ name: String) -> [Character] {
    Array(name.lowercased().filter { $0 != "-" && $0 != "_" })
  }

  /// Levenshtein distance, counting an adjacent swap as one edit.
  static func editDistance(_ left: [Character], _ right: [Character]) -> Int {
    if left.isEmpty { return right.count }
    if right.isEmpty { return left.count }
    var previousPrevious = [Int](repeating: 0, count: right.count + 1)
    var previous = Array(0...right.count)
    var current = [Int](repeating: 0, count: right.count + 1)
    for i in 1...left.count {
      current[0] = i
      for j in 1...right.count {
        let cost = left[i - 1] == right[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
          current[j] = min(current[j], previousPrevious[j - 2] + 1)
        }
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[right.count]
  }
}
