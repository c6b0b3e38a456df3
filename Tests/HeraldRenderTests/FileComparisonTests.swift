import Foundation
import HeraldFiles
import HeraldTestSupport
import Testing

/// The writer keeps a file in place (and its modification time) only when its bytes are the
/// rendered bytes exactly; `FileSystem.compare` is that comparison.
@Suite("A file in place is the same only when every byte is")
struct FileComparisonTests {
  /// Bytes larger than one comparison block, so a difference in a later block is looked for too.
  static let large = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }

  static func changed(_ bytes: [UInt8], at index: Int) -> [UInt8] {
    var copy = bytes
    copy[index] ^= 1
    return copy
  }

  @Test(
    "only the same bytes are the same; the file's signature comes either way",
    arguments: [
      ("empty", [], [], true),
      ("small, same", Array("hello".utf8), Array("hello".utf8), true),
      ("small, one byte differs", Array("hello".utf8), Array("hellp".utf8), false),
      ("shorter on disk", Array("hell".utf8), Array("hello".utf8), false),
      ("longer on disk", Array("hello!".utf8), Array("hello".utf8), false),
      ("large, same", large, large, true),
      ("large, first block differs", large, changed(large, at: 10), false),
      ("large, last block differs", large, changed(large, at: large.count - 1), false),
    ] as [(String, [UInt8], [UInt8], Bool)])
  func comparison(name: String, onDisk: [UInt8], rendered: [UInt8], same: Bool) throws {
    let folder = try TemporaryDirectory()
    let path = folder.path("file")
    try FileSystem.write(onDisk, to: path)
    let compared = FileSystem.compare(path, with: rendered)
    #expect(compared?.isSame == same, "\(name)")
    #expect(compared?.signature == FileSignature.of(path), "\(name)")
  }

  @Test("a missing file, a folder and a symbolic link are never the same")
  func notRegular() throws {
    let folder = try TemporaryDirectory()
    try FileSystem.write(Array("x".utf8), to: folder.path("target"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("link"), withDestinationPath: folder.path("target"))
    try FileManager.default.createDirectory(
      atPath: folder.path("folder"), withIntermediateDirectories: true)
    for name in ["missing", "link", "folder"] {
      #expect(FileSystem.compare(folder.path(name), with: Array("x".utf8)) == nil, "\(name)")
    }
  }
}

/// The output map's check and the record files' look at each file by its path relative to an open
/// folder (`fstatat`): it must see what a look at the whole path sees.
@Suite("A file's signature by its path inside a folder")
struct FolderSignatureTests {
  @Test(
    "is the signature of the whole path: a file, a missing one, a link not followed",
    arguments: [
      "index.html", "announcements/café-über/index.html", "missing.html", "link.html",
      "announcements/a-name-well-past-fifteen-bytes-long/index.html",
    ])
  func signature(_ relative: String) throws {
    let folder = try TemporaryDirectory()
    try folder.write("index.html", "home")
    try folder.write("announcements/café-über/index.html", "é")
    try folder.write("announcements/a-name-well-past-fifteen-bytes-long/index.html", "long")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("link.html"), withDestinationPath: "index.html")
    let whole = FileSignature.of(folder.url.path + "/" + relative)
    #expect(OpenFolder(folder.url.path)?.signature(of: relative) == whole)
    #expect((whole == nil) == (relative == "missing.html"))
    if relative == "link.html" { #expect(whole != FileSignature.of(folder.path("index.html"))) }
  }
}
