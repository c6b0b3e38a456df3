import HeraldFiles
import HeraldTestSupport
import Testing

@Suite("The checksum of what herald keeps between builds")
struct ChecksumTests {
  @Test("every single flipped bit of a sealed entry is found", arguments: [0, 1, 7, 8, 9, 63, 300])
  func flippedBits(count: Int) {
    var generator = SplitMix64(seed: UInt64(count))
    let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    let sealed = Checksum.sealed(bytes)
    #expect(sealed.count == bytes.count + Checksum.size)
    #expect(sealed.withUnsafeBytes { Checksum.opened($0).map(Array.init) } == bytes)
    for bit in 0..<(sealed.count * 8) {
      var damaged = sealed
      damaged[bit / 8] ^= UInt8(1) << (bit % 8)
      #expect(damaged.withUnsafeBytes { Checksum.opened($0) } == nil, "bit \(bit)")
    }
  }

  @Test("a cut or lengthened entry is found, and so is one too short to hold a checksum")
  func lengths() {
    let sealed = Checksum.sealed(Array("a row of a manifest".utf8))
    #expect(Array(sealed.dropLast()).withUnsafeBytes { Checksum.opened($0) } == nil)
    #expect((sealed + [0]).withUnsafeBytes { Checksum.opened($0) } == nil)
    #expect([UInt8](repeating: 0, count: 3).withUnsafeBytes { Checksum.opened($0) } == nil)
    #expect(Checksum.of([0]) != Checksum.of([0, 0]))
  }

  @Test("is zlib's CRC-32, as any other implementation computes it")
  func pinned() {
    // Python's zlib.crc32(b"a row of a manifest"): the sum every kept file is sealed with.
    #expect(Checksum.of(Array("a row of a manifest".utf8)) == 0x7B46_61CC)
    #expect(Checksum.of([]) == 0)
  }
}
