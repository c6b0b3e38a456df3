import Foundation
import HeraldCore
import Testing

@testable import HeraldRender

/// A map whose entries changed but not its paths is written by changing those entries in the
/// last map's file: the bytes are the ones writing every entry anew gives.
@Suite("The output map's file, changed in place")
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

  /// The map as read back from the file that writing these entries gives.
  static func read(_ sorted: [OutputMap.Ordered]) throws -> OutputMap {
    let written = OutputMap.sealed(sorted, keyIdentifier: key)
    return try #require(OutputMap(bytes: written.file.bytes, keyIdentifier: key))
  }

  @Test(
    "is byte for byte the map written anew, and reads back as it",
    arguments: [[], [0], [3, 4], [0, 5, 11]])
  func patched(changing places: [Int]) throws {
    let previous = try Self.read(Self.entries(12, seed: 1))
    var sorted = previous.sorted
    let other = Self.entries(12, seed: 2)
    for place in places { sorted[place].entry = other[place].entry }
    let patched = try #require(previous.patched(to: sorted))
    let anew = OutputMap.sealed(sorted, keyIdentifier: Self.key)
    #expect(patched.file.bytes == anew.file.bytes)
    #expect(patched.checksum == anew.checksum)
    #expect(patched.file.fixed == anew.file.fixed)
    let read = try #require(OutputMap(bytes: patched.file.bytes, keyIdentifier: Self.key))
    #expect(read.sorted.map(\.entry) == sorted.map(\.entry))
    #expect(read.checksum == patched.checksum)
    // The previous map's file is as it was.
    #expect(
      previous.file?.bytes == OutputMap.sealed(previous.sorted, keyIdentifier: Self.key).file.bytes)
  }

  @Test("is not made when a path changed, one was added, or the map has no file")
  func refused() throws {
    let sorted = Self.entries(6, seed: 1)
    let previous = try Self.read(sorted)
    var renamed = sorted
    renamed[2].path = "announcements/record-00002b/index.html"
    #expect(previous.patched(to: renamed) == nil)
    #expect(previous.patched(to: Self.entries(7, seed: 1)) == nil)
    #expect(previous.patched(to: Array(sorted.dropLast())) == nil)
    #expect(OutputMap(sorted: sorted).patched(to: sorted) == nil)
  }
}
