import Foundation
import HeraldBuild
import HeraldTestSupport
import Testing

/// The snapshot a build keeps with its cache is read back as written, and a damaged one is none:
/// the build then reads the whole site (`EditRebuildTests` checks that way too).
@Suite("The snapshot of a build")
struct BuildSnapshotTests {
  /// The snapshot's bytes after a build of a site with older records.
  static func snapshotBytes() throws -> [UInt8] {
    let site = try EditSite(older: 30)
    #expect(try site.build().result.status == 0)
    let cache = site.work.url.appending(path: "cache")
    let folders = try FileManager.default.contentsOfDirectory(atPath: cache.path)
    #expect(folders.count == 1)
    let path = cache.appending(path: (folders.first ?? "") + "/snapshot")
    return Array(try Data(contentsOf: path))
  }

  @Test("is read back as it was written, each record and file in its place")
  func roundTrip() throws {
    let bytes = try Self.snapshotBytes()
    let snapshot = try #require(BuildSnapshot(sealed: bytes))
    #expect(snapshot.sealed == bytes)
    // Its body was summed ahead for the length it has sealed with a map's checksum, so that
    // sealing it sums only the last bytes.
    #expect(snapshot.body.running.count == bytes.count - 8)
    #expect(snapshot.body.running.taken == (bytes.count - 17) & ~7)
    // The example's 11 records and the 30 older ones; a file for each published record.
    #expect(snapshot.records.count == 41)
    #expect(snapshot.ids.place(of: "old-7") == snapshot.names.place(of: "old-7.md"))
    #expect(snapshot.ids.place(of: "old-7") != nil)
    // Each file's path is the output map's at the same place: the snapshot names that map.
    #expect(snapshot.mapChecksum != nil)
    #expect(
      snapshot.files.contains {
        $0.role == .announcement(record: snapshot.ids.place(of: "old-7") ?? -1)
      })
    #expect(snapshot.archive.count == Set(snapshot.archive).count)
  }

  @Test("sealed without an output map's checksum, is read back without one")
  func withoutMap() throws {
    var snapshot = try #require(BuildSnapshot(sealed: try Self.snapshotBytes()))
    snapshot.mapChecksum = nil
    let bytes = snapshot.sealed
    let read = try #require(BuildSnapshot(sealed: bytes))
    #expect(read.mapChecksum == nil)
    #expect(read.records == snapshot.records)
    #expect(read.sealed == bytes)
  }

  @Test(
    "damaged anywhere, or cut short, is none",
    arguments: [0.0, 0.01, 0.3, 0.5, 0.7, 0.99])
  func damaged(_ at: Double) throws {
    var bytes = try Self.snapshotBytes()
    bytes[Int(Double(bytes.count - 1) * at)] ^= 0x01
    #expect(BuildSnapshot(sealed: bytes) == nil)
    #expect(BuildSnapshot(sealed: Array(try Self.snapshotBytes().dropLast(9))) == nil)
  }
}
