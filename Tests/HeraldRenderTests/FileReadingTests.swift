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

  @Test(
    "read through an open folder, a file is the same, and what is refused is refused",
    arguments: [0, 4_096, 262_144])
  func throughOpenFolder(count: Int) throws {
    let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let folder = try TemporaryDirectory()
    try FileSystem.write(bytes, to: folder.path("file"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("link"), withDestinationPath: folder.path("file"))
    try FileSystem.makeDirectory(folder.path("inner"))
    let open = try #require(OpenFolder(folder.url.path))
    let read = try open.readRegularWithSignature("file", path: folder.path("file")).get()
    #expect(read.bytes == bytes)
    #expect(read.signature == FileSignature.of(folder.path("file")))
    for refused in ["missing", "link", "inner"] {
      let result = open.readRegularWithSignature(refused, path: folder.path(refused))
      guard case .failure(let error) = result else {
        Issue.record("\(refused) was read")
        continue
      }
      // The error names the whole path, as one read by its path does.
      #expect(error.path == folder.path(refused))
    }
  }
}
