#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension String {
  /// Whether this string sorts before another by their UTF-8 bytes (the order file systems and
  /// `ls` use, independent of Unicode normalisation), compared with `memcmp` where the bytes are
  /// contiguous: sorting ten thousand paths with the generic comparison took milliseconds.
  package func precedesBytewise(_ other: String) -> Bool {
    let fast = utf8.withContiguousStorageIfAvailable { left in
      other.utf8.withContiguousStorageIfAvailable { right -> Bool in
        let shared = Swift.min(left.count, right.count)
        if shared > 0, let a = left.baseAddress, let b = right.baseAddress {
          let order = memcmp(a, b, shared)
          if order != 0 { return order < 0 }
        }
        return left.count < right.count
      }
    }
    if let answer = fast ?? nil { return answer }
    return utf8.lexicographicallyPrecedes(other.utf8)
  }
}

extension Array {
  /// The elements sorted by a string of each in byte order, stably, each element moved once: a
  /// sort moves its elements many times, and for ten thousand planned files or cache entries the
  /// copies cost more than the comparisons.
  package func sortedBytewise(by key: (Element) -> String) -> [Element] {
    let keys = map(key)
    return keys.indices.sorted { keys[$0].precedesBytewise(keys[$1]) }.map { self[$0] }
  }
}
