/// A short, stable hash of bytes (FNV-1a, 64 bits): the archive's cache-busting asset names and
/// ETags, and the in-memory transport's ETags.
package enum ContentHash {
  /// The 64-bit FNV-1a hash of the bytes.
  package static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
    // Over the bytes in place when they are contiguous (Data's iterator cost 10x the hash).
    if let hash = bytes.withContiguousStorageIfAvailable({ fnv1a(buffer: $0) }) { return hash }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }

  private static func fnv1a(buffer: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in buffer {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }

  /// The hash as its first `digits` hexadecimal digits (of 16, zero-padded).
  package static func hex(_ bytes: some Sequence<UInt8>, digits: Int = 16) -> String {
    let text = String(fnv1a(bytes), radix: 16)
    return String((String(repeating: "0", count: max(0, 16 - text.count)) + text).prefix(digits))
  }
}
