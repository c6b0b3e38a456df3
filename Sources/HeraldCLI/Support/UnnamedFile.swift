import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A temporary file without a name, for a child process's input or messages.
///
/// Made by `tmpfile`, it is gone when it is closed or its process ends, so a killed herald leaves
/// nothing of it behind.
final class UnnamedFile {
  private let file: UnsafeMutablePointer<FILE>
  /// The file, for a child process's standard streams; it stays this object's to close.
  let handle: FileHandle

  /// An empty file; nil when none can be made.
  init?() {
    guard let file = tmpfile() else { return nil }
    self.file = file
    handle = FileHandle(fileDescriptor: fileno(file), closeOnDealloc: false)
  }

  /// A file holding `bytes`, read from its start; nil when it cannot be made or written.
  convenience init?(bytes: [UInt8]) {
    self.init()
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    guard written == bytes.count, fflush(file) == 0 else { return nil }
    rewind(file)
  }

  deinit { fclose(file) }

  /// Everything written into the file, from its start.
  func contents() -> [UInt8] {
    guard lseek(fileno(file), 0, SEEK_SET) == 0 else { return [] }
    return Array(handle.readDataToEndOfFile())
  }
}
