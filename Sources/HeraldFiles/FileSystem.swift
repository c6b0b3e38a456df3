import CFileSystem

#if canImport(Glibc)
  import Glibc
#endif

/// The few POSIX file operations herald needs, without Foundation's per-file overhead: reading and
/// listing a site, writing thousands of files, and swapping an output folder in one step.
public enum FileSystem {
  /// Reads a whole regular file, or returns nil when it cannot be read.
  public static func read(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    let size = Int(status.st_size)
    var bytes = [UInt8](repeating: 0, count: size)
    var offset = 0
    while offset < size {
      let count = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress.map { $0 + offset }, size - offset)
      }
      guard count > 0 else { return nil }
      offset += count
    }
    return bytes
  }

  /// Writes a whole file, replacing it (no fsync: callers make their writes atomic otherwise).
  public static func write(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .lastError(path) }
    defer { close(descriptor) }
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, bytes.count - offset)
      }
      guard count > 0 else { throw .lastError(path) }
      offset += count
    }
  }

  /// Creates a folder; an existing one is fine.
  public static func makeDirectory(_ path: String) throws(FileSystemError) {
    if mkdir(path, 0o755) != 0 && errno != EEXIST { throw .lastError(path) }
  }

  /// The kinds of directory entry herald tells apart.
  public enum EntryKind: Sendable, Equatable {
    /// A regular file (or a link to one).
    case file
    /// A folder (or a link to one).
    case directory
    /// Anything else: a socket, a device, a broken link.
    case other
  }

  /// The entries of a folder without `.` and `..`, sorted by name; nil when it cannot be read.
  public static func list(_ path: String) -> [(name: String, kind: EntryKind)]? {
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    var entries: [(name: String, kind: EntryKind)] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != "." && name != ".." else { continue }
      switch Int32(entry.pointee.d_type) {
      case Int32(DT_REG): entries.append((name, .file))
      case Int32(DT_DIR): entries.append((name, .directory))
      default: entries.append((name, kind(of: path + "/" + name)))
      }
    }
    return entries.sorted { $0.name < $1.name }
  }

  /// The paths of every file under a folder, relative to it, sorted; links are not followed.
  public static func files(under root: String) -> [String] {
    var files: [String] = []
    func walk(_ relative: String) {
      guard let entries = list(relative.isEmpty ? root : root + "/" + relative) else { return }
      for entry in entries {
        let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
        if entry.kind == .directory { walk(path) } else { files.append(path) }
      }
    }
    walk("")
    return files.sorted()
  }

  /// Removes a folder and everything in it, without following links; a missing path is fine.
  public static func removeTree(_ path: String) throws(FileSystemError) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      guard unlink(path) == 0 else { throw .lastError(path) }
      return
    }
    for entry in list(path) ?? [] {
      let child = path + "/" + entry.name
      if entry.kind == .directory && !isLink(child) {
        try removeTree(child)
      } else {
        guard unlink(child) == 0 else { throw .lastError(child) }
      }
    }
    guard rmdir(path) == 0 else { throw .lastError(path) }
  }

  private static func isLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
  }

  /// What a path is, following links.
  public static func kind(of path: String) -> EntryKind {
    var status = stat()
    guard stat(path, &status) == 0 else { return .other }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .directory
    default: return .other
    }
  }

  /// Hard-links a file to a new path; false when the file system refuses.
  public static func link(_ existing: String, to path: String) -> Bool {
    Glibc.link(existing, path) == 0
  }

  /// Gives a file the access and modification times of another.
  public static func copyTimes(from source: String, to path: String) {
    var status = stat()
    guard stat(source, &status) == 0 else { return }
    var times = [status.st_atim, status.st_mtim]
    _ = utimensat(AT_FDCWD, path, &times, 0)
  }

  /// Renames a path.
  public static func rename(_ path: String, to destination: String) throws(FileSystemError) {
    guard Glibc.rename(path, destination) == 0 else { throw .lastError(destination) }
  }

  /// Exchanges two existing paths in one step (Linux renameat2); throws where that is unsupported.
  public static func exchange(_ path: String, with other: String) throws(FileSystemError) {
    guard herald_exchange_paths(path, other) == 0 else { throw .lastError(other) }
  }
}

/// A failed file operation: the path and the system's reason.
public struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The path the operation was about.
  public let path: String
  /// The system's description of the failure.
  public let reason: String

  /// Makes an error.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// The error of the last failed system call.
  static func lastError(_ path: String) -> FileSystemError {
    FileSystemError(path: path, reason: String(cString: strerror(errno)))
  }

  /// `path: reason`.
  public var description: String { "\(path): \(reason)" }
}
