import HeraldCore
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
  /// For a put staged outside the tree's folders (a file that replaces one in place), its number
  /// in the staging folder's `replacingFolder`.
  var numbers: [String: Int]
  /// Paths, relative to the output, of files to remove, after every put.
  var removals: [String]
  /// For a put staged by number, the inode of its staged file, when known: it is then exchanged
  /// with the file it replaces rather than renamed over it (`exchange`).
  var inodes: [String: UInt64]

  /// The journal's file name inside the output folder.
  static let fileName = ".herald-journal"
  /// The staging folder's folder for files that replace files in place, each named by a number:
  /// the output already has their folders, so making and removing a copy of each in staging
  /// was most of the cost of a build that rewrites every page (a herald.yaml edit).
  static let replacingFolder = ".herald-replacing"

  /// The bytes on disk: one entry per path, `P` (a file or a new folder), `F` (a file staged by
  /// number: the number, a slash, the path), `X` (one staged by number with its inode: the number,
  /// a slash, the inode, a slash, the path) or `R` then the path, each ended by a NUL (a path may
  /// hold any byte but NUL).
  var bytes: [UInt8] {
    var bytes: [UInt8] = []
    for path in puts {
      if let number = numbers[path], let inode = inodes[path] {
        bytes += [UInt8(ascii: "X")] + Array("\(number)/\(inode)/\(path)".utf8) + [0]
      } else if let number = numbers[path] {
        bytes += [UInt8(ascii: "F")] + Array("\(number)/\(path)".utf8) + [0]
      } else {
        bytes += [UInt8(ascii: "P")] + Array(path.utf8) + [0]
      }
    }
    for path in removals { bytes += [UInt8(ascii: "R")] + Array(path.utf8) + [0] }
    return bytes
  }

  /// Reads a journal's bytes; nil when they are not a complete journal.
  init?(bytes: [UInt8]) {
    guard bytes.last == 0 || bytes.isEmpty else { return nil }
    var puts: [String] = []
    var numbers: [String: Int] = [:]
    var removals: [String] = []
    var inodes: [String: UInt64] = [:]
    /// The number before the next slash, and what follows the slash.
    func field(_ rest: inout ArraySlice<UInt8>) -> UInt64? {
      guard let slash = rest.firstIndex(of: UInt8(ascii: "/")),
        let value = UInt64(String(decoding: rest[..<slash], as: UTF8.self))
      else { return nil }
      rest = rest[rest.index(after: slash)...]
      return value
    }
    for entry in bytes.split(separator: 0) {
      guard let kind = entry.first else { return nil }
      var rest = entry.dropFirst()
      var number: Int?
      var inode: UInt64?
      if kind == UInt8(ascii: "F") || kind == UInt8(ascii: "X") {
        guard let value = field(&rest).flatMap({ Int(exactly: $0) }) else { return nil }
        number = value
      }
      if kind == UInt8(ascii: "X") {
        guard let value = field(&rest) else { return nil }
        inode = value
      }
      let path = String(decoding: rest, as: UTF8.self)
      guard !path.isEmpty, !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
        return nil
      }
      switch kind {
      case UInt8(ascii: "P"): puts.append(path)
      case UInt8(ascii: "F"), UInt8(ascii: "X"):
        puts.append(path)
        numbers[path] = number
        inodes[path] = inode
      case UInt8(ascii: "R"): removals.append(path)
      default: return nil
      }
    }
    self.init(puts: puts, removals: removals, numbers: numbers, inodes: inodes)
  }

  /// Makes a journal.
  init(
    puts: [String], removals: [String], numbers: [String: Int] = [:],
    inodes: [String: UInt64] = [:]
  ) {
    self.puts = puts
    self.removals = removals
    self.numbers = numbers
    self.inodes = inodes
  }

  /// Where a put's staged file or folder is, relative to the staging folder.
  func staged(_ put: String) -> String { Self.staged(put, number: numbers[put]) }

  /// Where a file is staged, relative to the staging folder: by its number when it has one.
  static func staged(_ path: String, number: Int?) -> String {
    number.map { replacingFolder + "/\($0)" } ?? path
  }

  /// Writes the journal into the output folder in one step (a temporary name, then a rename).
  func record(in output: String) throws(FileSystemError) {
    let temporary = output + "/" + Self.fileName + ".new"
    try FileSystem.write(bytes, to: temporary)
    try FileSystem.rename(temporary, to: output + "/" + Self.fileName)
  }

  /// Carries the journal out.
  ///
  /// It moves each staged file into place (one rename each, or one exchange, so no reader sees a
  /// half-written file), then removes the files that are gone and the folders they leave empty.
  /// Safe to run again after an interruption: a put whose staged file is gone is done, and one
  /// whose staged name holds another inode than the journal's was exchanged.
  ///
  /// Every step names its files relative to the output and staging folders held open, and each
  /// folder of the output on the way is made sure of once (a real folder, never a link followed).
  /// `resuming`: the journal is being completed after an interruption, so a file put by an
  /// exchange may have left the file it replaced in staging.
  func apply(output: String, staging: String, resuming: Bool = false) throws(FileSystemError) {
    guard let target = OpenFolder(output) else { throw .lastError(output) }
    // No staging folder: every put was done before an interruption.
    if let staged = OpenFolder(staging) {
      // In memory, freeing a file costs little wherever it is done, and an exchange and a
      // removal cost more than one rename (a herald.yaml edit at 10,000 records: 1.10x).
      let exchanging = !target.isInMemory
      var start = puts.startIndex
      while start < puts.endIndex {
        let rank = OutputWriter.rank(puts[start])
        let end = puts[start...].firstIndex { OutputWriter.rank($0) != rank } ?? puts.endIndex
        try putAtOnce(
          puts[start..<end], from: staged, to: target, output: output, staging: staging,
          resuming: resuming, exchanging: exchanging)
        start = end
      }
      // The staged folders above those the puts emptied, deepest first.
      var emptied: Set<String> = []
      for path in puts where numbers[path] == nil {
        var folder = parent(of: parent(of: path))
        while !folder.isEmpty && emptied.insert(folder).inserted { folder = parent(of: folder) }
      }
      for folder in emptied.sorted(by: { $0.utf8.count > $1.utf8.count }) {
        staged.removeEmptyFolder(folder)
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

  /// Puts files of one rank in place, in runs on every core (renames into different folders
  /// do not wait for each other, and the old files they replace are freed in parallel); each run
  /// then removes the staged folders it emptied.
  private func putAtOnce(
    _ paths: ArraySlice<String>, from staged: OpenFolder, to target: OpenFolder, output: String,
    staging: String, resuming: Bool, exchanging: Bool
  ) throws(FileSystemError) {
    let runLength = 256
    let runs = stride(from: paths.startIndex, to: paths.endIndex, by: runLength).map {
      Array(paths[$0..<min($0 + runLength, paths.endIndex)])
    }
    let kept = try runs.concurrentMap { (run) throws(FileSystemError) -> [String] in
      var known: Set<String> = []
      for path in run {
        try target.makeRealFolders(parent(of: path), known: &known, path: output)
        if let inode = inodes[path],
          try exchange(
            path, inode: inode, from: staged, to: target, staging: staging, resuming: resuming,
            exchanging: exchanging)
        {
          continue
        }
        try put(path, from: staged, to: target, output: output, staging: staging)
      }
      // A folder another run still fills stays, and is tried again once every run is done.
      var emptied: [String] = []
      for path in run where numbers[path] == nil && parent(of: path) != emptied.last {
        emptied.append(parent(of: path))
      }
      return emptied.filter { !$0.isEmpty && !staged.removeEmptyFolder($0) }
    }
    for folder in kept.joined() { staged.removeEmptyFolder(folder) }
  }

  /// Renames one staged file or new folder into place: the rename itself first, and only when it
  /// is refused, what was in its way (a folder where a file goes, or a file where a folder goes)
  /// is removed, or a folder's files are put in one by one into the folder already there.
  private func put(
    _ path: String, from staged: OpenFolder, to target: OpenFolder, output: String,
    staging: String
  ) throws(FileSystemError) {
    let destination = output + "/" + path
    let source = self.staged(path)
    switch staged.rename(source, to: path, in: target) {
    case 0: return
    case ENOENT:
      // The staged file is gone: it was put in place before an interruption.
      guard FileSystem.exists(staging + "/" + source) else { return }
      throw FileSystemError(path: destination, code: ENOENT)
    case EISDIR, ENOTDIR:
      try FileSystem.removeTree(destination)
      let failure = staged.rename(source, to: path, in: target)
      guard failure == 0 else { throw FileSystemError(path: destination, code: failure) }
    case ENOTEMPTY, EEXIST:
      // A new folder where the output already has one: its files go in one by one.
      var known: Set<String> = []
      for file in FileSystem.files(under: staging + "/" + path) {
        try target.makeRealFolders(parent(of: path + "/" + file), known: &known, path: output)
        try put(path + "/" + file, from: staged, to: target, output: output, staging: staging)
      }
    case let failure:
      throw FileSystemError(path: destination, code: failure)
    }
  }

  /// Puts a file that replaces one in place by exchanging the two (when `exchanging`), then
  /// removes the old one from staging; false when it is to be renamed instead (not exchanging,
  /// nothing in place, a system without exchanges).
  ///
  /// A rename over a file frees the file it replaces inside the rename, under the lock that
  /// renames between two folders share, and on ext4 first starts writing the new file out; an
  /// exchange frees nothing, and the removal after it holds no such lock (on ext4, a herald.yaml
  /// edit at 10,000 records moved its files in 0.48-0.64x the time). After an interruption the
  /// staged name holds the new file (not put yet), the old one (put, its removal interrupted) or
  /// nothing (done): the staged file's inode, recorded in the journal, tells which.
  private func exchange(
    _ path: String, inode: UInt64, from staged: OpenFolder, to target: OpenFolder,
    staging: String, resuming: Bool, exchanging: Bool
  ) throws(FileSystemError) -> Bool {
    // In memory, a build's own commit renames: nothing to make for each of its files here.
    guard exchanging || resuming else { return false }
    let source = self.staged(path)
    if resuming {
      // Gone, or not readable: the rename's own cases say which.
      guard let found = staged.signature(of: source) else { return false }
      guard found.inode == inode else {
        try removeStaged(source, from: staged, staging: staging)
        return true
      }
    }
    guard exchanging, staged.exchange(source, with: path, in: target) == 0 else { return false }
    try removeStaged(source, from: staged, staging: staging)
    return true
  }

  /// Removes what an exchange left at a staged name: the file it replaced, or a folder that stood
  /// where the output had a file.
  private func removeStaged(_ source: String, from staged: OpenFolder, staging: String)
    throws(FileSystemError)
  {
    switch staged.removeFile(source) {
    case 0: return
    case EISDIR: try FileSystem.removeTree(staging + "/" + source)
    case let failure: throw FileSystemError(path: staging + "/" + source, code: failure)
    }
  }

  private func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[..<slash])
  }
}
