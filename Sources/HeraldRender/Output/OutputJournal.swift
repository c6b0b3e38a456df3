import HeraldFiles

#if canImport(Glibc)
  import Glibc
#endif

/// The changes a build is about to make to its output.
///
/// It lists the files to move from the staging folder into place, and files to remove. It is written (atomically) only once every new file is
/// complete in the staging folder, so a build that stops before then changed nothing, and one that
/// stops after is completed by the next run from the journal.
struct OutputJournal: Equatable {
  /// Paths, relative to the output, of staged files to rename into place, in order.
  ///
  /// A path may be a whole staged folder that the output does not have yet (a first build's
  /// `announcements/`): one rename then puts thousands of files in place.
  var puts: [String]
  /// Paths, relative to the output, of files to remove, after every put.
  var removals: [String]

  /// The journal's file name inside the output folder.
  static let fileName = ".herald-journal"

  /// The bytes on disk: one entry per path, `P` (a file or a new folder) or `R` then the path, each
  /// ended by a NUL (a path may hold any byte but NUL).
  var bytes: [UInt8] {
    var bytes: [UInt8] = []
    for path in puts { bytes += [UInt8(ascii: "P")] + Array(path.utf8) + [0] }
    for path in removals { bytes += [UInt8(ascii: "R")] + Array(path.utf8) + [0] }
    return bytes
  }

  /// Reads a journal's bytes; nil when they are not a complete journal.
  init?(bytes: [UInt8]) {
    guard bytes.last == 0 || bytes.isEmpty else { return nil }
    var puts: [String] = []
    var removals: [String] = []
    for entry in bytes.split(separator: 0) {
      guard let kind = entry.first else { return nil }
      let path = String(decoding: entry.dropFirst(), as: UTF8.self)
      guard !path.isEmpty, !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
        return nil
      }
      switch kind {
      case UInt8(ascii: "P"): puts.append(path)
      case UInt8(ascii: "R"): removals.append(path)
      default: return nil
      }
    }
    self.init(puts: puts, removals: removals)
  }

  /// Makes a journal.
  init(puts: [String], removals: [String]) {
    self.puts = puts
    self.removals = removals
  }

  /// Writes the journal into the output folder in one step (a temporary name, then a rename).
  func record(in output: String) throws(FileSystemError) {
    let temporary = output + "/" + Self.fileName + ".new"
    try FileSystem.write(bytes, to: temporary)
    try FileSystem.rename(temporary, to: output + "/" + Self.fileName)
  }

  /// Carries the journal out.
  ///
  /// It moves each staged file into place (one rename each, so no reader sees a half-written
  /// file), then removes the files that are gone and the folders they leave
  /// empty. Safe to run again after an interruption: a put whose staged file is gone is done.
  func apply(output: String, staging: String) throws(FileSystemError) {
    for path in puts {
      let source = staging + "/" + path
      guard FileSystem.exists(source) else { continue }
      try FileSystem.makeRealDirectories(for: path, in: output)
      if FileSystem.isRealDirectory(source) {
        try putFolder(path, output: output, staging: staging)
      } else {
        try putFile(path, output: output, staging: staging)
      }
    }
    var emptied: Set<String> = []
    for path in removals {
      let target = output + "/" + path
      guard !FileSystem.isRealDirectory(target) else { continue }
      if unlink(target) != 0 && errno != ENOENT { throw .lastError(target) }
      var folder = parent(of: path)
      while !folder.isEmpty && emptied.insert(folder).inserted {
        folder = parent(of: folder)
      }
    }
    // Deepest first, so a folder is tried after the folders inside it; a folder that still holds
    // something stays (rmdir refuses it).
    for folder in emptied.sorted(by: { $0.count > $1.count }) {
      _ = rmdir(output + "/" + folder)
    }
  }

  /// Renames one staged file over its destination (a folder in the way is removed first).
  private func putFile(_ path: String, output: String, staging: String) throws(FileSystemError) {
    let destination = output + "/" + path
    if FileSystem.isRealDirectory(destination) { try FileSystem.removeTree(destination) }
    try FileSystem.rename(staging + "/" + path, to: destination)
  }

  /// Renames a staged folder into place in one step when nothing is at its destination (or only an
  /// empty folder, which rename replaces); otherwise puts its files in one by one.
  private func putFolder(_ path: String, output: String, staging: String) throws(FileSystemError) {
    let destination = output + "/" + path
    if FileSystem.exists(destination) && !FileSystem.isRealDirectory(destination) {
      try FileSystem.removeTree(destination)
    }
    if Glibc.rename(staging + "/" + path, destination) == 0 { return }
    guard errno == ENOTEMPTY || errno == EEXIST else { throw .lastError(destination) }
    for file in FileSystem.files(under: staging + "/" + path) {
      try FileSystem.makeRealDirectories(for: path + "/" + file, in: output)
      try putFile(path + "/" + file, output: output, staging: staging)
    }
  }

  private func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[..<slash])
  }
}
