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
    BytewiseKeys(map(key)).order().map { self[$0] }
  }
}

extension Array where Element == String {
  /// The strings sorted by their UTF-8 bytes, as `precedesBytewise` orders them.
  package func sortedBytewise() -> [String] {
    BytewiseKeys(self).order().map { self[$0] }
  }
}

/// Strings' UTF-8 bytes laid end to end in one buffer, so that a sort compares them with one
/// `memcmp` each: comparing the strings themselves reaches their bytes through two nested
/// closures per comparison (or copies a short string out first), a third of a listing's cost.
struct BytewiseKeys {
  private var bytes: [UInt8] = []
  private var starts: [Int] = []
  private var counts: [Int] = []

  init(_ keys: [String]) {
    starts.reserveCapacity(keys.count)
    counts.reserveCapacity(keys.count)
    bytes.reserveCapacity(keys.reduce(0) { $0 + $1.utf8.count })
    for key in keys {
      starts.append(bytes.count)
      counts.append(key.utf8.count)
      bytes.append(contentsOf: key.utf8)
    }
  }

  /// The keys' positions in byte order; equal keys keep their order, so the order is total.
  func order() -> [Int] {
    var order = Array(starts.indices)
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }  // every key is empty
      order.sort { left, right in
        let (leftCount, rightCount) = (counts[left], counts[right])
        let order = memcmp(
          base + starts[left], base + starts[right], Swift.min(leftCount, rightCount))
        if order != 0 { return order < 0 }
        return leftCount != rightCount ? leftCount < rightCount : left < right
      }
    }
    return order
  }
}
