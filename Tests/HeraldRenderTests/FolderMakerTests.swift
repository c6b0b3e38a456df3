import Foundation
import HeraldCore
import HeraldFiles
import HeraldTestSupport
import Testing

@testable import HeraldRender

/// The staging folder's folders are made as files need them: a folder whose parent is missing
/// gets its parents, on any thread, and a file where a folder belongs is an error.
@Suite("Folders are made with their parents, from any thread")
struct FolderMakerTests {
  static func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  @Test("a deep folder gets its missing parents; an existing one is fine")
  func parents() throws {
    let folder = try TemporaryDirectory()
    let maker = FolderMaker(root: folder.path("staging"))
    try maker.make("a/b/c")
    #expect(Self.isFolder(folder.path("staging/a/b/c")))
    try maker.make("a/b")
    try maker.make("a/b/d")
    try FolderMaker(root: folder.path("staging")).make("a/b/c")
    #expect(Self.isFolder(folder.path("staging/a/b/d")))
  }

  @Test("siblings made at once on every core, with their parents, all exist")
  func concurrent() throws {
    let folder = try TemporaryDirectory()
    let maker = FolderMaker(root: folder.path("staging"))
    let folders = (0..<400).map { "group-\($0 % 7)/deeper-\($0 % 3)/record-\($0)" }
    let failures = folders.concurrentMap { path -> String? in
      do {
        try maker.make(path)
        return nil
      } catch {
        return "\(path): \(error)"
      }
    }
    #expect(failures.compactMap { $0 } == [])
    #expect(folders.allSatisfy { Self.isFolder(folder.path("staging/\($0)")) })
  }

  @Test("a file where a folder belongs is an error, not a folder made elsewhere")
  func fileInTheWay() throws {
    let folder = try TemporaryDirectory()
    try folder.write("staging/a", "a file")
    let maker = FolderMaker(root: folder.path("staging"))
    #expect(throws: FileSystemError.self) { try maker.make("a/b") }
    #expect(throws: FileSystemError.self) { try maker.make("a/b/c") }
  }

  @Test("a root whose parent is missing is an error")
  func missingRoot() throws {
    let folder = try TemporaryDirectory()
    #expect(throws: FileSystemError.self) {
      try FolderMaker(root: folder.path("missing/staging")).make("")
    }
  }
}
