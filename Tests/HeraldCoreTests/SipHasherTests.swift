import HeraldCore
import HeraldTestSupport
import Testing

@Suite("SipHash-2-4-128, the build cache's keyed hash")
struct SipHasherTests {
  /// The tag's sixteen bytes, as the reference implementation writes them.
  private func bytes(_ tag: Fingerprint) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: tag.high >> (8 * UInt64($0))) }
      + (0..<8).map { UInt8(truncatingIfNeeded: tag.low >> (8 * UInt64($0))) }
  }

  @Test(
    "the reference vectors (key 00…0f, message 00, 01, … of each length)",
    arguments: [
      (0, "a3817f04ba25a8e66df67214c7550293"), (1, "da87c1d86b99af44347659119b22fc45"),
      (2, "8177228da4a45dc7fca38bdef60affe4"),
    ])
  func vectors(_ length: Int, _ expected: String) {
    var hasher = SipHasher(keyBytes: Array(0..<16))
    hasher.combine(Array(0..<UInt8(length)))
    #expect(bytes(hasher.finalize()) == hexBytes(expected))
  }

  @Test("bytes fed in pieces hash as fed at once, for every split of 0…63")
  func incremental() {
    let message = Array(UInt8(0)..<64)
    var whole = SipHasher(keyBytes: Array(0..<16))
    whole.combine(message)
    let expected = whole.finalize()
    for first in 0...64 {
      for second in first...64 {
        var hasher = SipHasher(keyBytes: Array(0..<16))
        hasher.combine(Array(message[..<first]))
        hasher.combine(Array(message[first..<second]))
        hasher.combine(Array(message[second...]))
        #expect(hasher.finalize() == expected, "split at \(first), \(second)")
      }
    }
  }

  @Test("a number adds its eight little-endian bytes, at every offset of a partial word")
  func numbers() {
    let value: UInt64 = 0x0102_0304_0506_0708
    let littleEndian = (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    for lead in 0...17 {
      let before = Array(UInt8(100)..<UInt8(100 + lead))
      var asBytes = SipHasher(keyBytes: Array(0..<16))
      asBytes.combine(before + littleEndian + [7])
      var asNumber = SipHasher(keyBytes: Array(0..<16))
      asNumber.combine(before)
      asNumber.combine(value)
      asNumber.combine([7])
      #expect(asNumber.finalize() == asBytes.finalize(), "after \(lead) bytes")
    }
  }

  @Test("another key gives another tag")
  func keyed() {
    var a = SipHasher(keyBytes: Array(0..<16))
    var b = SipHasher(keyBytes: Array(1..<17))
    a.combine("herald")
    b.combine("herald")
    #expect(a.finalize() != b.finalize())
  }
}
