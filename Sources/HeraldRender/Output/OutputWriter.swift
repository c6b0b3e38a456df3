import Foundation
import HeraldCore
import HeraldFiles

/// Writes an output tree into the output folder so that a failed build changes nothing and no
/// reader ever sees a half-written file (DESIGN §3).
///
/// Every changed file is first written completely into `.herald-staging/` inside the output; then
/// a journal of the changes is recorded, and the files are renamed into place one by one (each
/// rename is atomic) and the files that are gone are removed. A run that stops before the journal
/// is recorded changed nothing; one that stops after is completed by the next run. Everything
/// happens inside the output folder, so it may be a mount point. A file whose bytes did not change
/// is not touched at all, so it keeps its modification time. Two builds into one output take turns
/// through a lock file. Files are written with POSIX calls: Foundation's `Data.write` syncs every
/// file on Linux, which is several times slower on thousands of files.
public struct OutputWriter: Sendable {
  /// The marker herald leaves in its own output, so it never replaces a folder it did not write.
  public static let markerName = ".herald-output"
  static let markerText = "This folder is written by herald build, which replaces its files.\n"
  /// The lock two builds into one output take turns on.
  static let lockName = ".herald-lock"
  /// The folder where new files are written completely before they are renamed into place.
  static let stagingName = ".herald-staging"
  /// Herald's own bookkeeping in the output, which is never part of the tree it compares.
  static let controlNames: Set<String> = [
    lockName, stagingName, OutputJournal.fileName, OutputJournal.fileName + ".new",
  ]
  /// The paths written after every other file, so that nothing links to a file not yet in place.
  static let entryPoints = ["api/v1/index.json", "feed.xml", "index.html"]

  /// The output folder.
  public let outputDirectory: String
  /// The site folder, which the output may never be, contain or sit in the sources of.
  public let siteDirectory: String

  /// Makes a writer for an output folder of a site.
  public init(outputDirectory: String, siteDirectory: String) {
    var output = outputDirectory
    while output.count > 1 && output.hasSuffix("/") { output.removeLast() }
    self.outputDirectory = output
    self.siteDirectory = siteDirectory
  }

  /// What a write did.
  public struct Summary: Sendable, Equatable {
    /// Files whose bytes are new or changed.
    public var written = 0
    /// Files whose bytes are the same as before (their modification time is kept).
    public var unchanged = 0
    /// Files of the previous tree that are gone.
    public var removed = 0
  }

  /// Renders every file and puts the changed ones in place; on any failure before the journal is
  /// recorded the previous output is left as it was, and when no file changed it is not touched.
  ///
  /// `waiting` is called when another build holds the output; `vet` sees the previous tree's files
  /// (under the lock) and may refuse the build before anything is written.
  public func write(
    _ files: [String], force: Bool, waiting: () -> Void = {},
    vet: (Set<String>) throws(OutputError) -> Void = { _ in },
    render: @escaping @Sendable (String) throws -> [UInt8]
  ) throws -> Summary {
    let output = outputDirectory
    _ = try OutputTarget.check(output: output, site: siteDirectory)
    try checkForeign(force: force)
    try io(output) { () throws(FileSystemError) in try FileSystem.makeDirectories(output) }
    let lock = try io(output) { () throws(FileSystemError) in
      try FolderLock(file: output + "/" + Self.lockName, waiting: waiting)
    }
    defer { withExtendedLifetime(lock) {} }
    try recover()
    try checkForeign(force: force)
    let previous = BuildTrace.measure("list the previous output") {
      Set(
        FileSystem.files(under: output).filter {
          !Self.controlNames.contains(String($0.prefix { $0 != "/" }))
        })
    }
    try vet(previous)
    let all = files + [Self.markerName]
    let staging = output + "/" + Self.stagingName
    let changed: [String]
    do {
      changed = try BuildTrace.measure("render and stage") {
        try stage(all, previous: previous, staging: staging, render: render)
      }
    } catch {
      try? FileSystem.removeTree(staging)
      throw error
    }
    let removed = previous.subtracting(all).subtracting(Self.folders(of: all)).sorted {
      $0.utf8.lexicographicallyPrecedes($1.utf8)
    }
    let summary = Summary(
      written: changed.count, unchanged: all.count - changed.count, removed: removed.count)
    guard !changed.isEmpty || !removed.isEmpty else {
      try? FileSystem.removeTree(staging)
      return summary
    }
    let journal = OutputJournal(
      puts: Self.ordered(Self.moves(changed, existing: previous)), removals: removed)
    do {
      try journal.record(in: output)
    } catch {
      try? FileSystem.removeTree(staging)
      throw OutputError.io(error.path, error.reason)
    }
    try BuildTrace.measure("move into place") { () throws(OutputError) in
      try finish(journal, staging: staging)
    }
    return summary
  }

  /// Renders every file; writes those whose bytes differ from the previous tree into the staging
  /// folder, in parallel, and returns their paths.
  private func stage(
    _ all: [String], previous: Set<String>, staging: String,
    render: @escaping @Sendable (String) throws -> [UInt8]
  ) throws -> [String] {
    let output = outputDirectory
    try? FileSystem.removeTree(staging)
    let folders = FolderMaker(root: staging)
    try folders.make("")
    let outcomes = all.concurrentMap { file -> Result<Bool, any Error> in
      Result {
        let bytes =
          file == Self.markerName ? Array(Self.markerText.utf8) : try render(file)
        if previous.contains(file),
          case .success(let existing) = FileSystem.readRegular(output + "/" + file),
          existing == bytes
        {
          return false
        }
        try folders.make(Self.folder(of: file))
        try Self.io(staging + "/" + file) { () throws(FileSystemError) in
          try FileSystem.write(bytes, to: staging + "/" + file)
        }
        return true
      }
    }
    var changed: [String] = []
    for (file, outcome) in zip(all, outcomes) where try outcome.get() { changed.append(file) }
    return changed
  }

  /// Carries out a recorded journal, then removes it and the staging folder.
  private func finish(_ journal: OutputJournal, staging: String) throws(OutputError) {
    let output = outputDirectory
    do {
      try journal.apply(output: output, staging: staging)
      try FileSystem.removeTree(staging)
      try FileSystem.removeTree(output + "/" + OutputJournal.fileName)
    } catch {
      throw .interrupted(error.path, error.reason)
    }
  }

  /// Completes the journal of a build that stopped after recording it, and removes the staging
  /// folder of one that stopped before.
  private func recover() throws(OutputError) {
    let output = outputDirectory
    let staging = output + "/" + Self.stagingName
    let journalPath = output + "/" + OutputJournal.fileName
    if let bytes = FileSystem.read(journalPath), let journal = OutputJournal(bytes: bytes) {
      try finish(journal, staging: staging)
    }
    try io(staging) { () throws(FileSystemError) in
      try FileSystem.removeTree(staging)
      try FileSystem.removeTree(journalPath)
      try FileSystem.removeTree(journalPath + ".new")
    }
  }

  /// Refuses a target that is a file, or a non-empty folder herald did not write (unless forced).
  private func checkForeign(force: Bool) throws(OutputError) {
    switch FileSystem.kind(of: outputDirectory) {
    case .directory: break
    case .file: throw .notADirectory(outputDirectory)
    case .other:
      guard !FileSystem.exists(outputDirectory) else { throw .notADirectory(outputDirectory) }
      return
    }
    let names = (FileSystem.listNames(outputDirectory) ?? []).map(\.name)
    let contents = names.filter { !Self.controlNames.contains($0) }
    // A journal means a build of herald's is moving files in (or stopped while it did).
    let isHerald = contents.contains(Self.markerName) || names.contains(OutputJournal.fileName)
    if !contents.isEmpty && !isHerald && !force {
      throw .notHeraldOutput(outputDirectory)
    }
  }

  /// The paths in the order they are put in place: the marker and assets first, then pages and
  /// manifests, and the entry points (the channel, the feed, the archive) last.
  static func ordered(_ paths: [String]) -> [String] {
    func rank(_ path: String) -> Int {
      // The marker first: from the moment files move into place, the folder is herald's.
      if path == markerName { return -1 }
      if path == "assets" || path.hasPrefix("assets/") { return 0 }
      if let index = entryPoints.firstIndex(of: path) { return 2 + index }
      return 1
    }
    return paths.sorted {
      let (left, right) = (rank($0), rank($1))
      return left != right ? left < right : $0.utf8.lexicographicallyPrecedes($1.utf8)
    }
  }

  /// What to rename into place for the changed files: a file itself, or the topmost folder on its
  /// path that the output does not have yet (every file under such a folder is new, so the staged
  /// folder holds exactly them) and that holds no entry point, so the entry points still come last.
  static func moves(_ changed: [String], existing: Set<String>) -> [String] {
    let present = folders(of: Array(existing))
    let sheltering = folders(of: entryPoints)
    var moves: Set<String> = []
    for file in changed {
      var unit = file
      var folder = Self.folder(of: file)
      while !folder.isEmpty {
        if !present.contains(folder) && !sheltering.contains(folder) { unit = folder }
        folder = Self.folder(of: folder)
      }
      moves.insert(unit)
    }
    return Array(moves)
  }

  /// Every folder on the paths of some files (`a/b/c.html` gives `a` and `a/b`).
  static func folders(of files: [String]) -> Set<String> {
    var folders: Set<String> = []
    for file in files {
      var folder = Self.folder(of: file)
      while !folder.isEmpty && folders.insert(folder).inserted { folder = Self.folder(of: folder) }
    }
    return folders
  }

  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[..<slash])
  }

  private func io<Value>(_ path: String, _ body: () throws(FileSystemError) -> Value)
    throws(OutputError) -> Value
  {
    try Self.io(path, body)
  }

  static func io<Value>(_ path: String, _ body: () throws(FileSystemError) -> Value)
    throws(OutputError) -> Value
  {
    do {
      return try body()
    } catch {
      throw .io(error.path, error.reason)
    }
  }
}

/// Creates folders under a root once each, from many threads.
private final class FolderMaker: @unchecked Sendable {
  private let root: String
  private let lock = NSLock()
  private var made: Set<String> = []

  init(root: String) { self.root = root }

  /// Makes a folder (relative to the root, `""` for the root) and its parents.
  func make(_ folder: String) throws(OutputError) {
    if lock.withLock({ made.contains(folder) }) { return }
    if !folder.isEmpty { try make(OutputWriter.folder(of: folder)) }
    let path = folder.isEmpty ? root : root + "/" + folder
    try OutputWriter.io(path) { () throws(FileSystemError) in try FileSystem.makeDirectory(path) }
    lock.withLock { _ = made.insert(folder) }
  }
}

/// Why the output could not be written (exit status 74).
public enum OutputError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The target is a non-empty folder without herald's marker.
  case notHeraldOutput(String)
  /// The target is a file.
  case notADirectory(String)
  /// The target is the site folder or holds it.
  case containsSite(String)
  /// The target is inside the site's `content/` or `themes/`.
  case insideSources(String, String)
  /// The build would remove every announcement the previous output had.
  case wouldEmptyChannel(String, Int)
  /// The files were being put in place when a system call failed; the next build completes it.
  case interrupted(String, String)
  /// A system call failed.
  case io(String, String)

  /// A message for standard error.
  public var description: String {
    switch self {
    case .notHeraldOutput(let path):
      return "\(path) is not empty and was not written by herald; refusing to replace it"
    case .notADirectory(let path): return "\(path) is a file, not a folder"
    case .containsSite(let path): return "the output \(path) would replace the site itself"
    case .insideSources(let path, let folder):
      return
        "the output \(path) is inside the site's \(folder)/ folder, whose files it would replace"
    case .wouldEmptyChannel(let path, let count):
      return
        "this build would remove all \(count) announcement\(count == 1 ? "" : "s") that \(path)"
        + " holds and publish none"
    case .interrupted(let path, let reason):
      return "the output was being updated when \(path) failed: \(reason)"
    case .io(let path, let reason): return "cannot write \(path): \(reason)"
    }
  }

  /// What to do about it.
  public var hint: String? {
    switch self {
    case .notHeraldOutput: return "pass --force to replace it, or choose another --output"
    case .containsSite, .insideSources:
      return "choose an output folder such as public/ in the site; --force does not change this"
    case .wouldEmptyChannel:
      return "check that content/announcements holds the records; pass --allow-empty if the"
        + " channel is meant to be empty"
    case .interrupted:
      return "fix the cause and build again: the next build completes this one from its journal"
    default: return nil
    }
  }
}
