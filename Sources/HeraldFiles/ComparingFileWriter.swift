#if canImport(Glibc)
  import Glibc
#endif

/// Writes a file that arrives in pieces, unless its bytes are those of the file already in place:
/// each piece is compared with the next bytes of that file, and the new file is created only at
/// the first difference, with the part that was the same copied from the old one.
///
/// So a large document is neither held whole in memory nor written when it did not change. The
/// writer is used by one thread; a failure is kept and thrown by `finish`.
package final class ComparingFileWriter {
  /// What came of a file: whether it differs from the one in place, and the signature of the file
  /// that now holds its bytes (the one in place when they are the same).
  package struct Outcome: Sendable {
    /// Whether the bytes differ from the file in place (or there was none).
    package let isChanged: Bool
    /// The signature of the file holding the bytes.
    package let signature: FileSignature?
  }

  private let inPlace: String?
  private let destination: String
  /// The folder the new file is made in by its relative path, when it is held open.
  private let folder: (open: OpenFolder, relative: String)?
  private let prepare: () throws(FileSystemError) -> Void
  private var started = false
  /// The file in place while every byte so far matched it.
  private var original: (descriptor: Int32, status: stat)?
  /// The file in place, once a difference was found, whose modification time the new one must
  /// not share (`setApart`).
  private var replaced: FileSignature?
  /// The new file, once one is being written.
  private var output: Int32 = -1
  private var taken = 0
  private var scratch: [UInt8] = []
  private var failure: FileSystemError?

  /// A writer comparing with the file at `inPlace` (nil when it is known that there is none, which
  /// saves a failed lookup) and writing, if the bytes differ, to `destination`, after `prepare`
  /// (which makes its folder).
  ///
  /// With `folder`, the new file is made at its path relative to that open folder, which is the
  /// same file as `destination` (named in errors) but costs the kernel fewer lookups.
  package init(
    inPlace: String?, destination: String, folder: (open: OpenFolder, relative: String)? = nil,
    prepare: @escaping () throws(FileSystemError) -> Void
  ) {
    self.inPlace = inPlace
    self.destination = destination
    self.folder = folder
    self.prepare = prepare
  }

  deinit {
    if let original { close(original.descriptor) }
    if output >= 0 { close(output) }
  }

  /// Takes the next piece of the file.
  package func take(_ piece: [UInt8]) {
    guard failure == nil else { return }
    do throws(FileSystemError) {
      if !started {
        started = true
        original = inPlace.flatMap { try? FileSystem.openRegular($0).get() }
      }
      if output < 0 {
        if original != nil && matches(piece) {
          taken += piece.count
          return
        }
        try create()
      }
      try FileSystem.writeAll(piece, to: output, path: destination)
      taken += piece.count
    } catch {
      failure = error
    }
  }

  /// Takes the last piece and tells what came of the file; a file that was never given a piece
  /// before is compared and written whole.
  package func finish(_ last: [UInt8]) throws(FileSystemError) -> Outcome {
    if !started {
      let found = inPlace.flatMap { FileSystem.compare($0, with: last) }
      if let found, found.isSame { return Outcome(isChanged: false, signature: found.signature) }
      try prepare()
      let replaced = found?.signature
      let descriptor = openDestination()
      guard descriptor >= 0 else { throw .lastError(destination) }
      defer { close(descriptor) }
      try FileSystem.writeAll(last, to: descriptor, path: destination)
      return Outcome(isChanged: true, signature: Self.setApart(descriptor, from: replaced))
    }
    take(last)
    if let failure { throw failure }
    if output < 0, let original {
      // Every byte matched so far: the file in place is the same unless it goes on.
      if FileSystem.isAtEnd(original.descriptor) {
        return Outcome(isChanged: false, signature: FileSignature(original.status))
      }
      try create()
    }
    let signature = Self.setApart(output, from: replaced)
    close(output)
    output = -1
    return Outcome(isChanged: true, signature: signature)
  }

  /// Gives a new file of the same size as the one it replaces a modification time in another
  /// second, when it would fall in the same one.
  ///
  /// nginx's ETag (and many servers' and sync tools') is the size and the whole second of the
  /// modification time: without this, a channel index rebuilt within a second of the last build
  /// (its new hashes as long as the old) kept its ETag, and a client's `If-None-Match` got a 304
  /// for bytes it never saw.
  ///
  /// Returns the new file's signature, as it is once set apart: the one `stat` a written file
  /// needs, taken here rather than again by the caller.
  static func setApart(_ descriptor: Int32, from replaced: FileSignature?) -> FileSignature? {
    guard let written = FileSignature.of(descriptor: descriptor) else { return nil }
    guard let replaced, let second = apartSecond(written: written, replacing: replaced) else {
      return written
    }
    let later = timespec(tv_sec: Int(second), tv_nsec: 0)
    let times = [later, later]
    futimens(descriptor, times)
    return FileSignature.of(descriptor: descriptor)
  }

  /// The second a new file's modification time must move to, or nil when it already differs
  /// from the file it replaces in size or in second.
  ///
  /// Decided from the time the new file was given, not from the clock: the kernel stamps files
  /// from a clock that runs up to a tick behind, so a file written in the last milliseconds of a
  /// second could share the old file's second while the clock had already moved on.
  package static func apartSecond(written: FileSignature, replacing replaced: FileSignature)
    -> Int64?
  {
    let second = replaced.modified / 1_000_000_000
    guard written.size == replaced.size, written.modified / 1_000_000_000 <= second else {
      return nil
    }
    return second + 1
  }

  /// Whether the next bytes of the file in place are the piece's.
  private func matches(_ piece: [UInt8]) -> Bool {
    guard let original else { return false }
    return FileSystem.readMatches(original.descriptor, piece, block: &scratch)
  }

  /// Opens the new file to be replaced, relative to the open folder when there is one; negative
  /// when it cannot be (`errno` says why).
  private func openDestination() -> Int32 {
    if let folder { return folder.open.openToReplace(folder.relative) }
    return open(destination, FileSystem.replacing, 0o644)
  }

  /// Creates the new file and copies into it the bytes taken so far, which are the start of the
  /// file in place.
  private func create() throws(FileSystemError) {
    try prepare()
    output = openDestination()
    guard output >= 0 else { throw .lastError(destination) }
    guard let original else { return }
    replaced = FileSignature(original.status)
    self.original = nil
    defer { close(original.descriptor) }
    var copied = 0
    if scratch.count < 1 << 16 { scratch = [UInt8](repeating: 0, count: 1 << 16) }
    while copied < taken {
      let wanted = min(scratch.count, taken - copied)
      let count = scratch.withUnsafeMutableBytes { buffer in
        pread(original.descriptor, buffer.baseAddress, wanted, off_t(copied))
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        throw FileSystemError(path: inPlace ?? destination, reason: "changed while it was compared")
      }
      try FileSystem.writeAll(Array(scratch[0..<count]), to: output, path: destination)
      copied += count
    }
  }
}
