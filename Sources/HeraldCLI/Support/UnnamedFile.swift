import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A temporary file without a name, for a child process's input or messages.
///
/// It is made in the temporary folder (`TMPDIR`, else `/tmp`) and its name removed at once, so it
/// is gone when it is closed or its process ends, and a killed herald leaves nothing of it behind.
final class UnnamedFile {
  /// The file, for a child process's standard streams; it is closed with this object.
  let handle: FileHandle

  /// Where the files are made: the temporary folder.
  static var folder: String { FileManager.default.temporaryDirectory.path }

  /// An empty file; nil when none can be made.
  init?() {
    var template = Array((Self.folder + "/herald-XXXXXX").utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else { return nil }
    unlink(template)
    handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }

  /// A file holding `bytes`, read from its start; nil when it cannot be made or written.
  convenience init?(bytes: [UInt8]) {
    self.init()
    do {
      try handle.write(contentsOf: bytes)
      try handle.seek(toOffset: 0)
    } catch {
      return nil
    }
  }

  /// Everything written into the file, from its start.
  func contents() -> [UInt8] {
    guard (try? handle.seek(toOffset: 0)) != nil else { return [] }
    return Array(handle.readDataToEndOfFile())
  }
}
