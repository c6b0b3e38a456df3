import Foundation
import HeraldFiles
import HeraldTestSupport
import Testing

/// A large file arrives in pieces; the writer creates it only when its bytes differ from the file
/// in place, and then with every byte, the part that matched included.
@Suite("A file written in pieces is compared as it comes and written only if it differs")
struct ComparingFileWriterTests {
  static let pieces: [[UInt8]] = (0..<3).map { piece in
    (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ piece) }
  }
  static let whole = pieces.flatMap { $0 }

  static func changed(_ bytes: [UInt8], at index: Int) -> [UInt8] {
    var copy = bytes
    copy[index] ^= 1
    return copy
  }

  /// Gives the pieces to a writer (the last one through `finish`) and returns what came of it.
  static func write(_ pieces: [[UInt8]], folder: TemporaryDirectory, compare: Bool = true) throws
    -> ComparingFileWriter.Outcome
  {
    let writer = ComparingFileWriter(
      inPlace: compare ? folder.path("in-place") : nil, destination: folder.path("staged/file")
    ) { () throws(FileSystemError) in try FileSystem.makeDirectory(folder.path("staged")) }
    for piece in pieces.dropLast() { writer.take(piece) }
    return try writer.finish(pieces.last ?? [])
  }

  /// A file in place, named for what sets it apart (so a failure does not print its bytes).
  struct InPlace: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    var testDescription: String { name }
  }

  @Test(
    "the same bytes keep the file in place; any difference writes every byte",
    arguments: [
      InPlace(name: "the same", bytes: whole),
      InPlace(name: "first piece differs", bytes: changed(whole, at: 5)),
      InPlace(name: "second piece differs", bytes: changed(whole, at: 90_000)),
      InPlace(name: "last byte differs", bytes: changed(whole, at: whole.count - 1)),
      InPlace(name: "longer in place", bytes: whole + [1]),
      InPlace(name: "shorter in place", bytes: Array(whole.dropLast())),
      InPlace(name: "empty in place", bytes: []),
    ])
  func comparison(_ file: InPlace) throws {
    let (name, inPlace, same) = (file.name, file.bytes, file.bytes == Self.whole)
    let folder = try TemporaryDirectory()
    try FileSystem.write(inPlace, to: folder.path("in-place"))
    let outcome = try Self.write(Self.pieces, folder: folder)
    #expect(outcome.isChanged == !same, "\(name)")
    // Compared outside #expect, which would print every byte of a failure.
    let untouched = FileSystem.read(folder.path("in-place")) == inPlace
    #expect(untouched, "\(name): the file in place")
    if same {
      #expect(outcome.signature == FileSignature.of(folder.path("in-place")), "\(name)")
      #expect(!FileSystem.exists(folder.path("staged/file")), "\(name): nothing written")
    } else {
      let complete = FileSystem.read(folder.path("staged/file")) == Self.whole
      #expect(complete, "\(name): every byte")
      #expect(outcome.signature == FileSignature.of(folder.path("staged/file")), "\(name)")
    }
  }

  @Test("with no file, or a link or a folder in place, every byte is written")
  func nothingToCompare() throws {
    for kind in ["missing", "link", "folder"] {
      let folder = try TemporaryDirectory()
      try FileSystem.write(Self.whole, to: folder.path("target"))
      if kind == "link" {
        try FileManager.default.createSymbolicLink(
          atPath: folder.path("in-place"), withDestinationPath: folder.path("target"))
      } else if kind == "folder" {
        try FileSystem.makeDirectory(folder.path("in-place"))
      }
      let outcome = try Self.write(Self.pieces, folder: folder)
      #expect(outcome.isChanged, "\(kind)")
      let complete = FileSystem.read(folder.path("staged/file")) == Self.whole
      #expect(complete, "\(kind)")
    }
  }

  @Test("a file given whole to finish is compared and written whole", arguments: [true, false])
  func givenWhole(same: Bool) throws {
    let folder = try TemporaryDirectory()
    try FileSystem.write(same ? Self.whole : [], to: folder.path("in-place"))
    let outcome = try Self.write([Self.whole], folder: folder)
    #expect(outcome.isChanged == !same)
    #expect(FileSystem.exists(folder.path("staged/file")) == !same)
  }

  @Test(
    "told there is no file in place, the writer writes every byte without reading one",
    arguments: [[whole], pieces])
  func noFileInPlace(_ pieces: [[UInt8]]) throws {
    let folder = try TemporaryDirectory()
    // Identical bytes at the in-place path, which the writer must not look at.
    try FileSystem.write(Self.whole, to: folder.path("in-place"))
    let outcome = try Self.write(pieces, folder: folder, compare: false)
    #expect(outcome.isChanged)
    let complete = FileSystem.read(folder.path("staged/file")) == Self.whole
    #expect(complete)
    #expect(outcome.signature == FileSignature.of(folder.path("staged/file")))
  }

  @Test("a destination that cannot be created is an error from finish")
  func failure() throws {
    let folder = try TemporaryDirectory()
    let writer = ComparingFileWriter(
      inPlace: folder.path("in-place"), destination: folder.path("missing/file")
    ) {}
    writer.take(Self.pieces[0])
    #expect(throws: FileSystemError.self) { _ = try writer.finish(Self.pieces[1]) }
  }
  @Test(
    "made through an open folder, a file lands at its path relative to that folder",
    arguments: [1, 3])
  func throughOpenFolder(pieceCount: Int) throws {
    let folder = try TemporaryDirectory()
    try FileSystem.makeDirectory(folder.path("root"))
    let root = try #require(OpenFolder(folder.path("root")))
    let pieces = Array(Self.pieces.prefix(pieceCount))
    let writer = ComparingFileWriter(
      inPlace: nil, destination: folder.path("root/a/file"), folder: (root, "a/file")
    ) { () throws(FileSystemError) in
      _ = try root.makeFolder("a", path: folder.path("root/a"))
    }
    for piece in pieces.dropLast() { writer.take(piece) }
    let outcome = try writer.finish(pieces.last ?? [])
    #expect(outcome.isChanged)
    let written = FileSystem.read(folder.path("root/a/file")) == pieces.flatMap { $0 }
    #expect(written, "\(pieceCount) pieces")
    #expect(outcome.signature == FileSignature.of(folder.path("root/a/file")))
  }

  @Test("a file that cannot be made through an open folder is an error naming its whole path")
  func openFolderFailureNamesWholePath() throws {
    let folder = try TemporaryDirectory()
    try FileSystem.makeDirectory(folder.path("root"))
    let root = try #require(OpenFolder(folder.path("root")))
    let destination = folder.path("root/missing/file")
    let writer = ComparingFileWriter(
      inPlace: nil, destination: destination, folder: (root, "missing/file")
    ) {}
    #expect(throws: FileSystemError(path: destination, reason: String(cString: strerror(ENOENT)))) {
      try writer.finish([1, 2, 3])
    }
    let deeper = try root.makeFolder("missing/deeper", path: folder.path("root/missing/deeper"))
    #expect(!deeper)
  }

  /// nginx's ETag is the size and the second of the modification time: an index rebuilt in the
  /// same second with hashes as long as before kept its ETag, and revalidations got 304 for new
  /// bytes (found by DeployTests' one-title edit).
  @Test(
    "a changed file of the same size never shares the second of the one it replaces",
    arguments: [true, false])
  func sameSizeChangeMovesTheSecond(inPieces: Bool) throws {
    let folder = try TemporaryDirectory()
    let old = Array(Self.whole.prefix(100))
    try Data(old).write(to: URL(fileURLWithPath: folder.path("in-place")))
    let new = Self.changed(old, at: 50)
    let outcome = try Self.write(
      inPieces ? [Array(new.prefix(10)), Array(new.dropFirst(10))] : [new], folder: folder)
    #expect(outcome.isChanged)
    let before = try #require(FileSignature.of(folder.path("in-place")))
    let after = try #require(FileSignature.of(folder.path("staged/file")))
    #expect(after.modified / 1_000_000_000 != before.modified / 1_000_000_000)
    #expect(outcome.signature?.modified == after.modified)
  }

  /// The defect as CI found it (DeployTests, the "alias" form, a one-title edit).
  ///
  /// The kernel stamps files from a clock up to a tick behind the one the check read, so an index
  /// written in the last milliseconds of the old one's second kept that second (and its ETag)
  /// while the clock, read just after, said the next second and the check let it be. The new
  /// file's own time decides.
  @Test("a new file is set apart by the time it was given, whatever the clock says")
  func apartByTheFilesOwnTime() {
    func file(size: Int64, at nanoseconds: Int64) -> FileSignature {
      FileSignature(device: 1, inode: 1, size: size, modified: nanoseconds, changed: nanoseconds)
    }
    let second: Int64 = 1_600_000_000
    let old = file(size: 100, at: second * 1_000_000_000 + 900_000_000)
    // Stamped in the old file's second, years before the clock this test runs at.
    let late = file(size: 100, at: second * 1_000_000_000 + 997_000_000)
    #expect(ComparingFileWriter.apartSecond(written: late, replacing: old) == second + 1)
    // An old file moved a second ahead by the build before: the new one goes past it.
    let ahead = file(size: 100, at: (second + 1) * 1_000_000_000)
    #expect(ComparingFileWriter.apartSecond(written: late, replacing: ahead) == second + 2)
    // Another second, or another size, already gives another ETag.
    let next = file(size: 100, at: (second + 1) * 1_000_000_000 + 1)
    #expect(ComparingFileWriter.apartSecond(written: next, replacing: old) == nil)
    let longer = file(size: 101, at: second * 1_000_000_000 + 997_000_000)
    #expect(ComparingFileWriter.apartSecond(written: longer, replacing: old) == nil)
  }
}
