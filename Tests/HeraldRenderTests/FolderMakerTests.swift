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

  @Test(
    "folders made ahead on a thread of their own are there for the threads that wait for them",
    arguments: [false, true])
  func ahead(childrenFirst: Bool) throws {
    let folder = try TemporaryDirectory()
    let maker = FolderMaker(root: folder.path("staging"))
    try maker.make("")
    // A folder before its parent in the list: the thread making them ahead makes the parent
    // itself rather than waiting for it.
    let listed = (0..<300).map { "announcements/record-\($0)" } + ["api/v1", "api/v1/ios"]
    let order = childrenFirst ? Array(listed.reversed()) : listed
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { maker.premake(order) }
    let failures = order.reversed().concurrentMap { path -> String? in
      do {
        try maker.make(path)
        return Self.isFolder(folder.path("staging/\(path)")) ? nil : "\(path): missing"
      } catch {
        return "\(path): \(error)"
      }
    }
    group.wait()
    #expect(failures.compactMap { $0 } == [])
  }

  @Test("a folder made ahead that cannot be made is the error of the thread that needs it")
  func aheadFails() throws {
    let folder = try TemporaryDirectory()
    let maker = FolderMaker(root: folder.path("staging"))
    try maker.make("")
    try folder.write("staging/a", "a file")
    maker.premake(["a/b", "c"])
    // The list stops at its first failure; the folder after it is made when it is needed.
    #expect(!Self.isFolder(folder.path("staging/c")))
    #expect(throws: FileSystemError.self) { try maker.make("a/b") }
    try maker.make("c")
    #expect(Self.isFolder(folder.path("staging/c")))
  }

  @Test("stopped, the thread making folders ahead makes no more, and no thread waits for them")
  func aheadStopped() throws {
    let folder = try TemporaryDirectory()
    let maker = FolderMaker(root: folder.path("staging"))
    try maker.make("")
    maker.stopPremaking()
    maker.premake(["a", "b"])
    #expect(!Self.isFolder(folder.path("staging/a")))
    try maker.make("b")
    #expect(Self.isFolder(folder.path("staging/b")))
  }
}
