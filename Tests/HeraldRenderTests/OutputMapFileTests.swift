import Foundation
import HeraldCore
import Testing

@testable import HeraldRender

/// The output map's file: read back as written, and never read when it is damaged or was made
/// with another cache's key.
@Suite("The output map's file")
struct OutputMapFileTests {
  static let key = Fingerprint(high: 7, low: 9)

  static func entries(_ count: Int, seed: UInt64) -> [OutputMap.Ordered] {
    (0..<count).map { place in
      let stamp = Int64(place) * 1_000 + Int64(seed)
      return (
        String(format: "announcements/record-%05d/index.html", place),
        OutputMap.Entry(
          fingerprint: Fingerprint(high: seed, low: UInt64(place)), size: 4_000 + stamp,
          modified: 1_700_000_000_000_000_000 + stamp, changed: 1_700_000_000_000_000_001 + stamp,
          inode: UInt64(place) + 1)
      )
    }
  }

  @Test("reads back as written", arguments: [0, 1, 12])
  func roundTrip(count: Int) throws {
    let sorted = Self.entries(count, seed: 1)
    let bytes = OutputMap.sealed(sorted, keyIdentifier: Self.key)
    let read = try #require(OutputMap(bytes: bytes, keyIdentifier: Self.key))
    #expect(read.sorted.map(\.path) == sorted.map(\.path))
    #expect(read.sorted.map(\.entry) == sorted.map(\.entry))
  }

  @Test("a flipped bit, a cut or another key is no map")
  func refused() {
    let bytes = OutputMap.sealed(Self.entries(6, seed: 1), keyIdentifier: Self.key)
    for place in stride(from: 0, to: bytes.count, by: 7) {
      var damaged = bytes
      damaged[place] ^= 0x10
      #expect(OutputMap(bytes: damaged, keyIdentifier: Self.key) == nil, "byte \(place)")
    }
    #expect(OutputMap(bytes: Array(bytes.dropLast()), keyIdentifier: Self.key) == nil)
    #expect(OutputMap(bytes: bytes, keyIdentifier: Fingerprint(high: 7, low: 10)) == nil)
  }
}
