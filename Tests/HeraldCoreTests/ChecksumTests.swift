import HeraldCore
import HeraldTestSupport
import Testing

@Suite("The checksum of what herald keeps between builds")
struct ChecksumTests {
  @Test("every single flipped bit of a sealed entry is found", arguments: [0, 1, 7, 8, 9, 63, 300])
  func flippedBits(count: Int) {
    var generator = SplitMix64(seed: UInt64(count))
    let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    let sealed = Checksum.sealed(bytes)
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
    #expect([UInt8](repeating: 0, count: 7).withUnsafeBytes { Checksum.opened($0) } == nil)
    #expect(Checksum.of([0]) != Checksum.of([0, 0]))
  }

  @Test("is the sum every cache, map and snapshot already on disk was sealed with")
  func pinned() {
    // Worked out apart from herald, with the formula in `Checksum`'s summary: a change to it
    // would make every kept file look damaged.
    #expect(Checksum.of(Array("a row of a manifest".utf8)) == 0x4196_448B_A29E_2B20)
    #expect(Checksum.of([]) == 0x0B76_414E_6684_A785)
  }

  @Test(
    "taken in two steps, the words known first and the rest later, is the sum taken at once",
    arguments: [0, 1, 7, 8, 9, 16, 23, 300])
  func running(count: Int) {
    var generator = SplitMix64(seed: UInt64(count) + 99)
    let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    for split in Set([0, count / 3, count / 2, count]) {
      var running = Checksum.Running(count: count)
      let taken = bytes.withUnsafeBytes {
        running.takeWords(UnsafeRawBufferPointer(rebasing: $0[..<split]))
      }
      #expect(taken == split & ~7)
      #expect(running.taken == taken)
      let sum = bytes.withUnsafeBytes {
        running.finish(UnsafeRawBufferPointer(rebasing: $0[taken...]))
      }
      #expect(sum == Checksum.of(bytes), "split at \(split)")
    }
  }
}
