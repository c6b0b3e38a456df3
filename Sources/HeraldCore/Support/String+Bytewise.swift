#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension String {
  /// Whether this string sorts before another by their UTF-8 bytes (the order file systems and
  /// `ls` use, independent of Unicode normalisation), compared with `memcmp` where the bytes are
  /// contiguous: sorting ten thousand paths with the generic comparison took milliseconds.
  @usableFromInline
  package func precedesBytewise(_ other: String) -> Bool {
    let fast = withContiguousUTF8(and: other) { left, right -> Bool in
      let shared = Swift.min(left.count, right.count)
      if shared > 0, let a = left.baseAddress, let b = right.baseAddress {
        let order = memcmp(a, b, shared)
        if order != 0 { return order < 0 }
      }
      return left.count < right.count
    }
    return fast ?? utf8.lexicographicallyPrecedes(other.utf8)
  }

  /// Runs `body` on this string's and another's UTF-8 bytes when both are contiguous in memory
  /// (a native or a short string), else returns nil so the caller takes the generic way.
  func withContiguousUTF8<Result>(
    and other: String,
    _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result? {
    let result = utf8.withContiguousStorageIfAvailable { mine in
      other.utf8.withContiguousStorageIfAvailable { theirs in body(mine, theirs) }
    }
    return result ?? nil
  }
}

extension Array {
  /// The elements sorted by a string of each in byte order, stably, each element moved once: a
  /// sort moves its elements many times, and for ten thousand planned files or cache entries the
  /// copies cost more than the comparisons.
  ///
  /// Inlinable so that each caller gets a copy for its own element type: the generic one went
  /// through witness tables for every key and every move (a fifth of listing the records).
  @inlinable
  package func sortedBytewise(by key: (Element) -> String) -> [Element] {
    BytewiseKeys(map(key)).order().map { self[$0] }
  }

  /// In elements sorted by a string of each in byte order, the first place whose string does not
  /// precede `target` (`count` when every one does), by binary search.
  @inlinable
  package func lowerBoundBytewise(of target: String, by key: (Element) -> String) -> Int {
    var (low, high) = (0, count)
    while low < high {
      let middle = (low + high) / 2
      if key(self[middle]).precedesBytewise(target) { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension Array where Element == String {
  /// The strings sorted by their UTF-8 bytes, as `precedesBytewise` orders them.
  package func sortedBytewise() -> [String] {
    BytewiseKeys(self).order().map { self[$0] }
  }
}

/// Strings' UTF-8 bytes laid end to end in one buffer, sorted eight bytes at a time.
///
/// Each pass sorts a run of keys by their next eight bytes as one big-endian number (with how many
/// bytes are left, so a key that ends sorts before one that goes on), and runs that tie and go on
/// are sorted again by the eight bytes after. Ten thousand paths that share `announcements/record-`
/// are compared as numbers, not through `memcmp` over the same twenty bytes each time (a third of
/// planning a build, and of listing the records).
@usableFromInline
struct BytewiseKeys {
  private var bytes: [UInt8] = []
  private var starts: [Int] = []
  private var counts: [Int] = []

  @usableFromInline
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
  @usableFromInline
  func order() -> [Int] {
    var order = Array(starts.indices)
    // Lists that come sorted (the records in path order, again) are only checked.
    if isSorted() { return order }
    var chunks = [UInt64](repeating: 0, count: starts.count)
    var lengths = [UInt8](repeating: 0, count: starts.count)
    // Runs still to sort and the offset of the bytes they tie up to; a run is sorted at most once
    // per eight bytes of its longest key, without recursion.
    var pending: [(range: Range<Int>, offset: Int)] = [(order.indices, 0)]
    while let (range, offset) = pending.popLast() {
      bytes.withUnsafeBytes { raw in
        for position in range {
          let key = order[position]
          let left = counts[key] - offset
          chunks[key] = Self.chunk(raw, at: starts[key] + offset, count: Swift.min(left, 8))
          lengths[key] = UInt8(Swift.min(left, 9))
        }
      }
      chunks.withUnsafeBufferPointer { chunks in
        lengths.withUnsafeBufferPointer { lengths in
          order[range].sort { left, right in
            if chunks[left] != chunks[right] { return chunks[left] < chunks[right] }
            if lengths[left] != lengths[right] { return lengths[left] < lengths[right] }
            return left < right
          }
        }
      }
      // Keys that tie on these eight bytes and go on are ordered by the next eight.
      var start = range.lowerBound
      while start < range.upperBound {
        let key = order[start]
        var end = start + 1
        while end < range.upperBound, chunks[order[end]] == chunks[key],
          lengths[order[end]] == lengths[key]
        {
          end += 1
        }
        if end - start > 1 && lengths[key] == 9 { pending.append((start..<end, offset + 8)) }
        start = end
      }
    }
    return order
  }

  /// Whether every key is at most the next, in byte order.
  private func isSorted() -> Bool {
    bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return true }
      for index in starts.indices.dropFirst() {
        let (left, right) = (index - 1, index)
        let shared = Swift.min(counts[left], counts[right])
        let order = shared == 0 ? 0 : memcmp(base + starts[left], base + starts[right], shared)
        if order > 0 || (order == 0 && counts[left] > counts[right]) { return false }
      }
      return true
    }
  }

  /// Up to eight bytes from `start` as a big-endian number, zeros after the last.
  private static func chunk(_ bytes: UnsafeRawBufferPointer, at start: Int, count: Int) -> UInt64 {
    if count == 8 {
      return UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))
    }
    var value: UInt64 = 0
    for index in 0..<count { value |= UInt64(bytes[start + index]) << (56 - 8 * UInt64(index)) }
    return value
  }
}
