import HeraldCore
import HeraldFiles
import Testing

@testable import HeraldCache

/// The cache's table of record files: found by a walk beside a listing in path order, by a search
/// for files in any other order, and only for a signature as it was recorded.
@Suite("The cache's table of record files")
struct RecordFileTableTests {
  static func signature(_ inode: UInt64) -> FileSignature {
    FileSignature(device: 1, inode: inode, size: 10, modified: 100, changed: 100)
  }

  static func entry(_ inode: UInt64, racy: Bool = false) -> BuildCache.FileEntry {
    BuildCache.FileEntry(
      signature: signature(inode), content: Fingerprint(high: 0, low: inode), isRacy: racy)
  }

  /// `c.md` is given twice and the rows out of order, as a damaged table could hold them.
  static let table = RecordFileTable(
    paths: ["c.md", "a.md", "e.md", "c.md", "b-racy.md"],
    entries: [entry(3), entry(1), entry(5), entry(3), entry(2, racy: true)])

  @Test("rows are sorted bytewise, each path once")
  func sortedOnce() {
    #expect(Self.table.paths == ["a.md", "b-racy.md", "c.md", "e.md"])
    #expect(Self.table.entries.map(\.content.low) == [1, 2, 3, 5])
  }

  @Test("files in path order, in another order, and missing ones are all found where they are")
  func places() {
    #expect(Self.table.places(of: ["a.md", "b-racy.md", "c.md", "e.md"]) == [0, 1, 2, 3])
    #expect(Self.table.places(of: ["e.md", "a.md", "d.md", "c.md"]) == [3, 0, nil, 2])
    #expect(Self.table.places(of: ["0.md", "c.md", "f.md", "a.md"]) == [nil, 2, nil, 0])
    #expect(RecordFileTable().places(of: ["a.md"]) == [nil])
    #expect(Self.table["e.md"] == Self.entry(5) && Self.table["d.md"] == nil)
  }

  @Test("a fingerprint only for a signature as recorded, taken without a race")
  func fingerprints() {
    let found = Self.table.fingerprints(
      files: ["a.md", "b-racy.md", "c.md", "d.md", "e.md"],
      signatures: [Self.signature(1), Self.signature(2), Self.signature(9), Self.signature(4), nil]
    )
    #expect(found == [Fingerprint(high: 0, low: 1), nil, nil, nil, nil])
  }
}
