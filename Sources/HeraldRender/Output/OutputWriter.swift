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
package struct OutputWriter: Sendable {
  /// The marker herald leaves in its own output, so it never replaces a folder it did not write.
  package static let markerName = ".herald-output"
  static let markerText = "This folder is written by herald build, which replaces its files.\n"
  /// The lock two builds into one output take turns on.
  static let lockName = ".herald-lock"
  /// The folder where new files are written completely before they are renamed into place.
  static let stagingName = ".herald-staging"
  /// Herald's own bookkeeping in the output, which is never part of the tree it compares.
  static let controlNames: Set<String> = [
    lockName, stagingName, OutputJournal.fileName, OutputJournal.fileName + ".new",
    OutputMap.fileName, OutputMap.fileName + ".new",
  ]
  /// Where a file stands among the entry points, which are put in place after every other file so
  /// that nothing links to a file not yet in place; nil for a file that is none.
  ///
  /// Every channel index is one (each locale's `api/v1/<locale>/index.json`, then the root's,
  /// which lists them), then every feed, then every archive front page (the root's and each
  /// locale's `<locale>/index.html`).
  static func entryPointRank(_ path: String) -> Int? {
    let bytes = path.utf8
    let depth = path.slashCount
    if path.hasByteSuffix("/index.json") && bytes.starts(with: "api/".utf8) {
      return path == "api/v1/index.json" ? 1 : 0
    }
    guard depth <= 1 else { return nil }
    if path == "feed.xml" || path.hasByteSuffix("/feed.xml") { return 2 }
    if path == "index.html" || path.hasByteSuffix("/index.html") { return 3 }
    return nil
  }

  /// The output folder.
  package let outputDirectory: String
  /// The site folder, which the output may never be, contain or sit in the sources of.
  package let siteDirectory: String

  /// Makes a writer for an output folder of a site.
  package init(outputDirectory: String, siteDirectory: String) {
    var output = outputDirectory
    while output.count > 1 && output.hasSuffix("/") { output.removeLast() }
    self.outputDirectory = output
    self.siteDirectory = siteDirectory
  }

  /// Refuses an output folder that is the site, contains it, or is inside its sources, before
  /// anything else is looked at (`write` checks it too).
  package func checkTarget() throws(OutputError) {
    _ = try OutputTarget.check(output: outputDirectory, site: siteDirectory)
  }

  /// What a write did.
  package struct Summary: Sendable, Equatable {
    /// Files whose bytes are new or changed.
    package var written = 0
    /// Files whose bytes are the same as before (their modification time is kept).
    package var unchanged = 0
    /// Files of the previous tree that are gone.
    package var removed = 0
  }

  /// A file to write: its path, and the fingerprint of what it is made from (when the build has a
  /// cache), which lets an unchanged file go unrendered.
  package struct Planned: Sendable {
    /// The path relative to the output folder.
    package let path: String
    /// The fingerprint of the file's inputs.
    package let fingerprint: Fingerprint?

    /// A file without a fingerprint: always rendered (and compared with the one in place).
    package init(path: String) {
      self.path = path
      fingerprint = nil
    }

    /// A file with the fingerprint of its inputs.
    package init(path: String, fingerprint: Fingerprint?) {
      self.path = path
      self.fingerprint = fingerprint
    }
  }

  /// Begins writing the planned files: takes the output's lock (calling `waiting` while another
  /// build holds it), completes an interrupted build, and compares the plan with the output map.
  ///
  /// With `map` (the identifier of the key the fingerprints were made with), a file whose
  /// fingerprint is the one the map holds, and which is still the file herald put there, is not
  /// among the transaction's `pending` files: it is neither rendered nor read.
  package func begin(
    _ files: [Planned], force: Bool, waiting: () -> Void = {}, map keyIdentifier: Fingerprint?
  ) throws(OutputError) -> OutputTransaction {
    let output = outputDirectory
    _ = try OutputTarget.check(output: output, site: siteDirectory)
    try checkForeign(force: force)
    try io(output) { () throws(FileSystemError) in try FileSystem.makeDirectories(output) }
    let lock = try io(output) { () throws(FileSystemError) in
      try FolderLock(file: output + "/" + Self.lockName, waiting: waiting)
    }
    try recover()
    try checkForeign(force: force)
    let map = BuildTrace.measure("read the output map") {
      keyIdentifier.flatMap { key in
        return OutputMap.read(output: output, keyIdentifier: key)
      }
    }
    // A build that stopped inside its journal left no map (a commit removes it first), so the
    // files that journal put in place are found on disk, and removed when the plan lacks them.
    let previous = BuildTrace.measure("list the previous output") {
      map.map { PreviousTree(map: $0) } ?? PreviousTree(listed: listing())
    }
    return try OutputTransaction(
      writer: self, lock: lock, files: files, previous: previous, map: map,
      keyIdentifier: keyIdentifier)
  }

  /// Carries out a recorded journal, then removes it and the staging folder.
  func finish(_ journal: OutputJournal, staging: String, resuming: Bool = false)
    throws(OutputError)
  {
    let output = outputDirectory
    do {
      try journal.apply(output: output, staging: staging, resuming: resuming)
      try FileSystem.removeTree(staging)
      try FileSystem.removeTree(output + "/" + OutputJournal.fileName)
    } catch {
      throw .interrupted(error.path, error.reason)
    }
  }

  /// Every file of the output but herald's own bookkeeping.
  func listing() -> Set<String> {
    Set(
      FileSystem.files(under: outputDirectory).filter {
        !Self.controlNames.contains(String($0.prefix { $0 != "/" }))
      })
  }

  /// Completes the journal of a build that stopped after recording it, and removes the staging
  /// folder of one that stopped before; true when a journal was completed.
  @discardableResult
  private func recover() throws(OutputError) -> Bool {
    let output = outputDirectory
    let staging = output + "/" + Self.stagingName
    let journalPath = output + "/" + OutputJournal.fileName
    var completed = false
    if let bytes = FileSystem.read(journalPath), let journal = OutputJournal(bytes: bytes) {
      // A map left beside a journal (by a herald before maps were removed first) is stale.
      try io(output) { () throws(FileSystemError) in try OutputMap.remove(from: output) }
      try finish(journal, staging: staging, resuming: true)
      completed = true
    }
    try io(staging) { () throws(FileSystemError) in
      try FileSystem.removeTree(staging)
      try FileSystem.removeTree(journalPath)
      try FileSystem.removeTree(journalPath + ".new")
    }
    return completed
  }

  /// Completes what a build that stopped while moving files in left half done.
  ///
  /// It runs under the output's lock and writes nothing new: it is what a build whose site has
  /// errors still does, so the tree is never left mixed until the site is fixed. True when there
  /// was a journal.
  package func completeInterruptedBuild(waiting: () -> Void = {}) throws(OutputError) -> Bool {
    let output = outputDirectory
    guard FileSystem.exists(output + "/" + OutputJournal.fileName) else { return false }
    _ = try OutputTarget.check(output: output, site: siteDirectory)
    let lock = try io(output) { () throws(FileSystemError) in
      try FolderLock(file: output + "/" + Self.lockName, waiting: waiting)
    }
    defer { withExtendedLifetime(lock) {} }
    return try recover()
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

  /// Where a path comes in the order files are put in place: paths of the same rank may be put
  /// in any order, or at once.
  static func rank(_ path: String) -> Int {
    // The marker first: from the moment files move into place, the folder is herald's.
    if path == markerName { return -1 }
    if path == "assets" || path.hasPrefix("assets/") { return 0 }
    if let rank = entryPointRank(path) { return 2 + rank }
    return 1
  }

  /// The paths in the order they are put in place: the marker and assets first, then pages and
  /// manifests, and the entry points (the channel, the feed, the archive) last.
  static func ordered(_ paths: [String]) -> [String] {
    let sorted = paths.sortedBytewise()
    let ranks = sorted.map(rank)
    return sorted.indices.sorted { ranks[$0] != ranks[$1] ? ranks[$0] < ranks[$1] : $0 < $1 }
      .map { sorted[$0] }
  }

  /// What to rename into place for the changed files: a file itself, or the topmost folder on its
  /// path that the output does not have yet (every file under such a folder is new, so the staged
  /// folder holds exactly them) and that holds no entry point, so the entry points still come last.
  static func moves(_ changed: [String], existing: Set<String>) -> [String] {
    moves(changed, existing: PreviousTree(listed: existing))
  }

  /// What to rename into place for the changed files, given the previous tree.
  static func moves(_ changed: [String], existing: PreviousTree) -> [String] {
    // Made only for a new file: one the output has already sits in folders the output has.
    var present: Set<String>?
    let sheltering = folders(of: changed.filter { entryPointRank($0) != nil })
    var moves: Set<String> = []
    var last = ""
    for file in changed {
      if existing.contains(file) {
        moves.insert(file)
        continue
      }
      let known = present ?? folders(of: existing.paths)
      present = known
      // Looked for from the top: the first such folder is the topmost, and ten thousand new pages
      // under one new folder cost a prefix each rather than every level of their paths.
      var unit = file
      var slash = file.utf8.firstIndex(of: UInt8(ascii: "/"))
      while let end = slash {
        let folder = String(file[..<end])
        if !known.contains(folder) && !sheltering.contains(folder) {
          unit = folder
          break
        }
        slash = file.utf8[file.utf8.index(after: end)...].firstIndex(of: UInt8(ascii: "/"))
      }
      // Files in path order share their unit in runs: each run is added once.
      if unit != last { moves.insert(unit) }
      last = unit
    }
    return Array(moves)
  }

  /// Every folder on the paths of some files (`a/b/c.html` gives `a` and `a/b`).
  static func folders(of files: some Sequence<String>) -> Set<String> {
    var folders: Set<String> = []
    for file in files {
      var folder = Self.folder(of: file)
      while !folder.isEmpty && folders.insert(folder).inserted { folder = Self.folder(of: folder) }
    }
    return folders
  }

  static func folder(of path: String) -> String { path.parentPath }

  func io<Value>(_ path: String, _ body: () throws(FileSystemError) -> Value)
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

/// Why the output could not be written (exit status 74).
package enum OutputError: Error, Sendable, Equatable, CustomStringConvertible {
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
  package var description: String {
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
  package var hint: String? {
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
