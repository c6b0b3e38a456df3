import Foundation
import HeraldFiles
import HeraldTestSupport
import Testing

/// A whole file is read as it is on disk, whatever its size: a large one is read into memory made
/// in one request (`FileSystem.prepare`), never filled with anything first.
@Suite("A whole file is read byte for byte")
struct FileReadingTests {
  @Test(
    "small, empty, and larger than the size whose pages are made at once",
    arguments: [0, 1, 4_095, 4_096, 262_143, 262_144, 1_000_003])
  func roundTrip(count: Int) throws {
    var generator = SplitMix64(seed: UInt64(count))
    let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    let folder = try TemporaryDirectory()
    let path = folder.path("file")
    try FileSystem.write(bytes, to: path)
    let read = try FileSystem.readRegularWithSignature(path).get()
    #expect(read.bytes == bytes)
    #expect(read.signature == FileSignature.of(path))
    #expect(FileSystem.read(path) == bytes)
  }

  @Test("a folder, a missing file and a symbolic link are not read")
  func refused() throws {
    let folder = try TemporaryDirectory()
    try FileSystem.write(Array("x".utf8), to: folder.path("file"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("link"), withDestinationPath: folder.path("file"))
    #expect(FileSystem.read(folder.path("missing")) == nil)
    #expect(FileSystem.read(folder.path("link")) == nil)
    #expect(FileSystem.read(folder.url.path) == nil)
  }
}
