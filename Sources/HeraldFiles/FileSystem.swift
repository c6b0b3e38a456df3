#if canImport(Glibc)
  import Glibc
#endif

/// The few POSIX file operations herald needs, without Foundation's per-file overhead: reading and
/// listing a site, writing thousands of files, and renaming them into place.
package enum FileSystem {
  /// Reads a whole regular file, or returns nil when it cannot be read (or is not a regular file).
  package static func read(_ path: String) -> [UInt8]? {
    try? readRegular(path).get()
  }

  /// Reads a whole regular file without following a final symbolic link and without blocking on a
  /// FIFO: the file is opened non-blocking and checked to be regular before anything is read.
  package static func readRegular(_ path: String) -> Result<[UInt8], FileSystemError> {
    readRegularWithSignature(path).map(\.bytes)
  }

  /// Reads a whole regular file as `readRegular` does, with the signature of the file read.
  package static func readRegularWithSignature(_ path: String) -> Result<
    (bytes: [UInt8], signature: FileSignature), FileSystemError
  > {
    openRegular(path).flatMap { readWhole($0.0, status: $0.1, path: path) }
  }

  /// Reads the whole of a regular file opened with its status, and closes it.
  static func readWhole(_ descriptor: Int32, status: stat, path: String) -> Result<
    (bytes: [UInt8], signature: FileSignature), FileSystemError
  > {
    defer { close(descriptor) }
    let size = Int(status.st_size)
    var failed: FileSystemError?
    // Read into memory not filled with zeros first, which a large file's pages made fresh once
    // for the zeros and were then copied over.
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
      guard let base = buffer.baseAddress else { return }
      prepare(UnsafeMutableRawBufferPointer(buffer))
      while initialized < size {
        let count = Glibc.read(descriptor, base + initialized, size - initialized)
        if count < 0 && errno == EINTR { continue }
        // A file that shrank while it was read is read as far as it goes; an error is an error.
        guard count > 0 else {
          if count < 0 { failed = .lastError(path) }
          return
        }
        initialized += count
      }
    }
    if let failed { return .failure(failed) }
    return .success((bytes, FileSignature(status)))
  }

  /// Makes the pages of a large buffer about to be written whole, in one request.
  ///
  /// Touching them one by one faults each in on its own: in a virtual machine some 3 µs a page,
  /// and a tenth of an edit's time at 10,000 records went to faults. Where the system cannot,
  /// nothing happens and the pages come in as they are touched.
  package static func prepare(_ buffer: UnsafeMutableRawBufferPointer) {
    #if os(Linux)
      guard buffer.count >= 1 << 18, let base = buffer.baseAddress else { return }
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      let start = (Int(bitPattern: base) + page - 1) / page * page
      let end = (Int(bitPattern: base) + buffer.count) / page * page
      guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
      // MADV_POPULATE_WRITE (Linux 5.14); an older kernel answers EINVAL.
      _ = madvise(first, end - start, 23)
    #endif
  }

  /// Opens a regular file for reading, without following a final symbolic link and without
  /// blocking on a FIFO, with its status; the caller closes the descriptor.
  static func openRegular(_ path: String) -> Result<(Int32, stat), FileSystemError> {
    statusOfRegular(open(path, reading), path: path)
  }

  /// A descriptor just opened for reading with its status, when it is a regular file; the
  /// descriptor is closed otherwise.
  static func statusOfRegular(_ descriptor: Int32, path: String) -> Result<
    (Int32, stat), FileSystemError
  > {
    guard descriptor >= 0 else { return .failure(.lastError(path)) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let error = FileSystemError.lastError(path)
      close(descriptor)
      return .failure(error)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      return .failure(FileSystemError(path: path, reason: "not a regular file"))
    }
    return .success((descriptor, status))
  }

  /// The signature of the regular file at a path, and whether its bytes are exactly `bytes`; nil
  /// when it is missing or is not a regular file.
  ///
  /// A file of another size is not read at all, and one of the same size is compared a block at a
  /// time, so comparing a large output file costs no allocation of its size. The signature of a
  /// file that differs is the one its replacement is set apart from (`ComparingFileWriter`), so
  /// it is not looked up again.
  package static func compare(_ path: String, with bytes: [UInt8]) -> (
    signature: FileSignature, isSame: Bool
  )? {
    guard case .success(let (descriptor, status)) = openRegular(path) else { return nil }
    defer { close(descriptor) }
    let signature = FileSignature(status)
    guard Int(status.st_size) == bytes.count else { return (signature, false) }
    var block: [UInt8] = []
    // A file that grew while it was read is not the same file.
    return (signature, readMatches(descriptor, bytes, block: &block) && isAtEnd(descriptor))
  }

  /// Whether the next bytes read from a descriptor are exactly `expected`, read and compared
  /// 64 KiB at a time through `block` (a scratch buffer the caller may reuse).
  static func readMatches(_ descriptor: Int32, _ expected: [UInt8], block: inout [UInt8]) -> Bool {
    if block.count < Swift.min(expected.count, 1 << 16) {
      block = [UInt8](repeating: 0, count: Swift.min(expected.count, 1 << 16))
    }
    var offset = 0
    while offset < expected.count {
      let wanted = Swift.min(block.count, expected.count - offset)
      let count = block.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      let same = block.withUnsafeBytes { read in
        expected.withUnsafeBytes { expected in
          guard let read = read.baseAddress, let expected = expected.baseAddress else {
            return true
          }
          return memcmp(read, expected + offset, count) == 0
        }
      }
      guard same else { return false }
      offset += count
    }
    return true
  }

  /// Whether a descriptor has nothing more to read.
  static func isAtEnd(_ descriptor: Int32) -> Bool {
    var end: UInt8 = 0
    return Glibc.read(descriptor, &end, 1) == 0
  }

  /// How a file is opened to be replaced: created or truncated, never through a final symbolic
  /// link.
  static let replacing = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW
  /// How a regular file is opened to be read: never through a final symbolic link, and without
  /// blocking on a FIFO.
  static let reading = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW

  /// Writes a whole file, replacing it, never through a symbolic link (no fsync: callers make their
  /// writes atomic otherwise), and returns the written file's signature when it can be read.
  @discardableResult
  package static func write(_ bytes: [UInt8], to path: String) throws(FileSystemError)
    -> FileSignature?
  {
    try fill(open(path, replacing, 0o644), with: bytes, path: path)
  }

  /// Writes a whole file from bytes lent in place, as `write(_:to:)` does.
  @discardableResult
  package static func write(_ bytes: UnsafeRawBufferPointer, to path: String)
    throws(FileSystemError) -> FileSignature?
  {
    try fill(open(path, replacing, 0o644), with: bytes, path: path)
  }

  /// Writes the bytes into a file just opened to be replaced (a negative descriptor is that
  /// open's failure), closes it, and returns its signature when it can be read.
  static func fill(_ descriptor: Int32, with bytes: [UInt8], path: String)
    throws(FileSystemError) -> FileSignature?
  {
    // `withUnsafeBytes` rethrows untyped errors: the typed one goes out in a result.
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(FileSystemError) in try fill(descriptor, with: buffer, path: path) }
    }.get()
  }

  /// Writes bytes lent in place into a file just opened to be replaced, as the other `fill` does.
  static func fill(_ descriptor: Int32, with bytes: UnsafeRawBufferPointer, path: String)
    throws(FileSystemError) -> FileSignature?
  {
    guard descriptor >= 0 else { throw .lastError(path) }
    defer { close(descriptor) }
    try writeAll(bytes, to: descriptor, path: path)
    // Read from the open file: a second lookup of the path costs as much as the write.
    return FileSignature.of(descriptor: descriptor)
  }

  static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String)
    throws(FileSystemError)
  {
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(FileSystemError) in try writeAll(buffer, to: descriptor, path: path) }
    }.get()
  }

  static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String)
    throws(FileSystemError)
  {
    var offset = 0
    while offset < bytes.count {
      let count = Glibc.write(
        descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      guard count > 0 else { throw .lastError(path) }
      offset += count
    }
  }

  /// Creates a new file with the bytes, refusing when anything (a file, a folder, even a dangling
  /// symbolic link) is already at the path, so nothing is ever written through a link.
  package static func create(_ bytes: [UInt8], at path: String) throws(FileSystemError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .lastError(path) }
    defer { close(descriptor) }
    try writeAll(bytes, to: descriptor, path: path)
  }

  /// Creates a folder; an existing one is fine.
  package static func makeDirectory(_ path: String) throws(FileSystemError) {
    // A missing parent is an error here; errno still says so.
    guard try makeDirectoryInExistingParent(path) else { throw .lastError(path) }
  }

  /// Creates a folder whose parent exists (an existing folder is fine); false, with nothing made,
  /// when the parent is missing.
  package static func makeDirectoryInExistingParent(_ path: String) throws(FileSystemError)
    -> Bool
  {
    if mkdir(path, 0o755) == 0 || errno == EEXIST { return true }
    if errno == ENOENT { return false }
    throw .lastError(path)
  }

  /// Creates a folder and its parents; existing ones are fine.
  package static func makeDirectories(_ path: String) throws(FileSystemError) {
    var status = stat()
    if stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR { return }
    let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "/")
    if !parent.isEmpty && parent != path { try makeDirectories(parent) }
    try makeDirectory(path)
  }

  /// The kinds of directory entry herald tells apart.
  package enum EntryKind: Sendable, Equatable {
    /// A regular file (or a link to one).
    case file
    /// A folder (or a link to one).
    case directory
    /// Anything else: a socket, a device, a broken link.
    case other
  }

  /// The names in a folder without `.` and `..`, with their `d_type` (`DT_REG`, `DT_LNK`…), sorted
  /// by name in byte order; nil when the folder cannot be read.
  package static func listNames(_ path: String) -> [(name: String, type: Int32)]? {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return listNames(inFolder: descriptor)
  }

  /// The names in an open folder, as `listNames(_:)` gives them; the descriptor stays open, so
  /// the caller can look at each name relative to it (`fstatat`).
  package static func listNames(inFolder descriptor: Int32) -> [(name: String, type: Int32)]? {
    let reading = dup(descriptor)
    guard reading >= 0 else { return nil }
    guard let directory = fdopendir(reading) else {
      close(reading)
      return nil
    }
    defer { closedir(directory) }
    var entries: [(name: String, type: Int32)] = []
    while let entry = readdir(directory) {
      // From the bytes up to the name's end, as one contiguous buffer: a view of the name's
      // 256-byte field cost twice as much for ten thousand records.
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        let bytes = raw.assumingMemoryBound(to: UInt8.self)
        let length = bytes.firstIndex(of: 0) ?? bytes.count
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<length]), as: UTF8.self)
      }
      guard name != "." && name != ".." else { continue }
      var type = Int32(entry.pointee.d_type)
      if type == Int32(DT_UNKNOWN) {
        // Some file systems do not fill d_type; ask lstat instead.
        var status = stat()
        if fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 {
          type = Self.directoryType(status.st_mode)
        }
      }
      entries.append((name, type))
    }
    return entries.sortedBytewise { $0.name }
  }

  private static func directoryType(_ mode: mode_t) -> Int32 {
    switch mode & S_IFMT {
    case S_IFREG: return Int32(DT_REG)
    case S_IFDIR: return Int32(DT_DIR)
    case S_IFLNK: return Int32(DT_LNK)
    case S_IFIFO: return Int32(DT_FIFO)
    case S_IFSOCK: return Int32(DT_SOCK)
    default: return Int32(DT_CHR)
    }
  }

  /// The paths of every file under a folder, relative to it, sorted; links are not followed, and the
  /// walk keeps its own stack, so a deep tree cannot exhaust the call stack.
  package static func files(under root: String) -> [String] {
    var files: [String] = []
    var pending = [""]
    while let relative = pending.popLast() {
      guard let entries = listNames(relative.isEmpty ? root : root + "/" + relative) else {
        continue
      }
      for entry in entries {
        let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
        if entry.type == Int32(DT_DIR) { pending.append(path) } else { files.append(path) }
      }
    }
    return files.sortedBytewise()
  }

  /// Removes a folder and everything in it, without following links; a missing path is fine.
  ///
  /// The walk keeps its own stack, so a deep tree cannot exhaust the call stack.
  package static func removeTree(_ path: String) throws(FileSystemError) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      guard unlink(path) == 0 else { throw .lastError(path) }
      return
    }
    // Folders are removed after their contents: a folder is pushed back (marked) before its
    // children so that it is popped again once they are gone.
    var pending: [(path: String, emptied: Bool)] = [(path, false)]
    while let (folder, emptied) = pending.popLast() {
      if emptied {
        guard rmdir(folder) == 0 else { throw .lastError(folder) }
        continue
      }
      pending.append((folder, true))
      for entry in listNames(folder) ?? [] {
        let child = folder + "/" + entry.name
        if entry.type == Int32(DT_DIR) {
          pending.append((child, false))
        } else {
          guard unlink(child) == 0 else { throw .lastError(child) }
        }
      }
    }
  }

  /// Whether a path is a symbolic link (not followed).
  package static func isLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
  }

  /// What a path is, following links.
  package static func kind(of path: String) -> EntryKind {
    var status = stat()
    guard stat(path, &status) == 0 else { return .other }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .directory
    default: return .other
    }
  }

  /// The path with every symbolic link, `.` and `..` resolved, or nil with `errno` set.
  package static func resolve(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The text a symbolic link holds, or nil when the path is not a link.
  package static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Words for a file type, for messages: "a FIFO (named pipe)", "a socket", "a device".
  package static func describe(mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: return "a file"
    case S_IFDIR: return "a folder"
    case S_IFIFO: return "a FIFO (named pipe)"
    case S_IFSOCK: return "a socket"
    case S_IFCHR, S_IFBLK: return "a device"
    case S_IFLNK: return "a symbolic link"
    default: return "not a regular file"
    }
  }

  /// Whether anything (a file, a folder, a link, even a dangling one) exists at a path.
  package static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  /// Whether a path is a folder itself (not a link to one).
  package static func isRealDirectory(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }

  /// Renames a path.
  package static func rename(_ path: String, to destination: String) throws(FileSystemError) {
    guard Glibc.rename(path, destination) == 0 else { throw .lastError(destination) }
  }
}

/// A failed file operation: the path and the system's reason.
package struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The path the operation was about.
  package let path: String
  /// The system's description of the failure.
  package let reason: String

  /// Makes an error.
  package init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// The error of the last failed system call.
  package static func lastError(_ path: String) -> FileSystemError {
    FileSystemError(path: path, code: errno)
  }

  /// An error about a path, for a system error number.
  package init(path: String, code: Int32) {
    self.init(path: path, reason: String(cString: strerror(code)))
  }

  /// `path: reason`.
  package var description: String { "\(path): \(reason)" }
}
