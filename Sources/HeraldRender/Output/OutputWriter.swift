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

  /// Renders every file and puts the changed ones in place; on any failure before the journal is
  /// recorded the previous output is left as it was, and when no file changed it is not touched.
  ///
  /// `waiting` is called when another build holds the output; `vet` sees the previous tree's files
  /// (under the lock) and may refuse the build before anything is written.
  package func write(
    _ files: [String], force: Bool, waiting: () -> Void = {},
    vet: (Set<String>) throws(OutputError) -> Void = { _ in },
    render: @escaping @Sendable (String) throws -> [UInt8]
  ) throws -> Summary {
    try write(
      files.map(Planned.init(path:)), force: force, waiting: waiting, vet: vet, map: nil,
      prepare: { _ in }, render: { path, sink in sink.write(try render(path)) })
  }

  /// Writes files as `write(_:force:waiting:vet:render:)` does, and keeps the output map: with
  /// `map` (the identifier of the key the fingerprints were made with), a file whose fingerprint is
  /// the one the map holds, and which is still the file herald put there, is neither rendered nor
  /// read.
  ///
  /// The files are rendered in `waves` (one, unless told otherwise); `prepare` is told which files
  /// a wave will render before any of them is, and `rendered` is called once every file is
  /// rendered and staged, before any is moved into place (the build saves its cache meanwhile).
  package func write(
    _ files: [Planned], force: Bool, waiting: () -> Void = {},
    vet: (Set<String>) throws(OutputError) -> Void = { _ in }, map keyIdentifier: Fingerprint?,
    memo: OutputMapMemo? = nil, waves: ([String]) -> [[String]] = { [$0] },
    prepare: ([String]) throws -> Void, rendered: () -> Void = {},
    render: @escaping @Sendable (String, inout ByteSink) throws -> Void
  ) throws -> Summary {
    let output = outputDirectory
    _ = try OutputTarget.check(output: output, site: siteDirectory)
    try checkForeign(force: force)
    try io(output) { () throws(FileSystemError) in try FileSystem.makeDirectories(output) }
    let lock = try io(output) { () throws(FileSystemError) in
      try FolderLock(file: output + "/" + Self.lockName, waiting: waiting)
    }
    defer { withExtendedLifetime(lock) {} }
    let recovered = try recover()
    try checkForeign(force: force)
    let map = BuildTrace.measure("read the output map") {
      keyIdentifier.flatMap { key in
        if let memo { return memo.read(output: output, keyIdentifier: key) }
        return OutputMap.read(output: output, keyIdentifier: key)
      }
    }
    // After a completed journal the map is the tree before that build: the files its journal put
    // in place are only on disk, so the disk is listed too, or they would stay forever.
    let previous = BuildTrace.measure("list the previous output") {
      map.map { recovered ? Set($0.entries.keys).union(listing()) : Set($0.entries.keys) }
        ?? listing()
    }
    try vet(previous)
    let kept = BuildTrace.measure("compare with the output map") {
      Self.unchanged(files, map: map, output: output)
    }
    let all = zip(files, kept).compactMap { $1 == nil ? $0.path : nil } + [Self.markerName]
    // A listing is exact, so a file it lacks is not looked for; the map names only herald's files.
    let listed = map == nil ? previous : nil
    let staging = output + "/" + Self.stagingName
    var staged: [StagedFile] = []
    do {
      try? FileSystem.removeTree(staging)
      let folders = FolderMaker(root: staging)
      try Self.io(staging) { () throws(FileSystemError) in try folders.make("") }
      for wave in waves(all) where !wave.isEmpty {
        try prepare(wave)
        staged += try BuildTrace.measure("render and stage") {
          try stage(wave, staging: staging, folders: folders, listed: listed, render: render)
        }
      }
    } catch {
      try? FileSystem.removeTree(staging)
      throw error
    }
    rendered()
    let changed = staged.filter(\.isChanged).map(\.path)
    let planned = files.map(\.path) + [Self.markerName]
    // A previous file whose path is now a folder is replaced, not removed.
    let gone = previous.subtracting(planned)
    let removed = Array(gone.isEmpty ? gone : gone.subtracting(Self.folders(of: planned)))
      .sortedBytewise()
    let summary = Summary(
      written: changed.count, unchanged: planned.count - changed.count, removed: removed.count)
    if !changed.isEmpty || !removed.isEmpty {
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
      // A rename sets a file's change time, which the map compares: a file renamed in on its
      // own is looked at again in place (those moved in with a new folder keep theirs).
      staged = Self.signedInPlace(staged, renamed: Set(journal.puts), output: output)
    } else {
      try? FileSystem.removeTree(staging)
    }
    BuildTrace.measure("write the output map") {
      keepMap(
        files, kept: kept, staged: staged, keyIdentifier: keyIdentifier, previous: map, memo: memo)
    }
    return summary
  }

  /// The staged files, each changed one that was renamed into place on its own with the
  /// signature it has there.
  private static func signedInPlace(_ staged: [StagedFile], renamed: Set<String>, output: String)
    -> [StagedFile]
  {
    staged.map { file in
      guard file.isChanged, renamed.contains(file.path) else { return file }
      return StagedFile(
        path: file.path, isChanged: true, signature: FileSignature.of(output + "/" + file.path))
    }
  }

  /// For each file, in order, its entry in the map when the map holds its fingerprint and it is
  /// still the file herald put in place, else nil (looked at in parallel: one `lstat` each).
  private static func unchanged(_ files: [Planned], map: OutputMap?, output: String)
    -> [OutputMap.Entry?]
  {
    guard let map else { return Array(repeating: nil, count: files.count) }
    return files.concurrentMap { file -> OutputMap.Entry? in
      guard let fingerprint = file.fingerprint, let entry = map.entries[file.path],
        entry.fingerprint == fingerprint,
        let signature = FileSignature.of(output + "/" + file.path), entry.matches(signature)
      else { return nil }
      return entry
    }
  }

  /// Writes the output map for the files now in place; without a key, removes a map that would now
  /// be stale.
  ///
  /// A map that cannot be written only costs the next build some rendering.
  private func keepMap(
    _ files: [Planned], kept: [OutputMap.Entry?], staged: [StagedFile],
    keyIdentifier: Fingerprint?, previous: OutputMap?, memo: OutputMapMemo?
  ) {
    let path = outputDirectory + "/" + OutputMap.fileName
    guard let keyIdentifier else {
      if FileSystem.exists(path) { try? FileSystem.removeTree(path) }
      return
    }
    var signatures: [String: FileSignature] = [:]
    signatures.reserveCapacity(staged.count)
    for file in staged { if let signature = file.signature { signatures[file.path] = signature } }
    var entries: [OutputMap.Ordered] = []
    entries.reserveCapacity(files.count)
    // A kept entry is the previous map's; so the map is unchanged when every new entry equals
    // the previous one and the count is the same (paths being distinct, as checked below).
    var changed = false
    for (file, keptEntry) in zip(files, kept) {
      guard let fingerprint = file.fingerprint else { continue }
      if let keptEntry {
        entries.append((file.path, keptEntry))
      } else if let signature = signatures[file.path] {
        let entry = OutputMap.Entry(fingerprint: fingerprint, signature: signature)
        if !changed && previous?.entries[file.path] != entry { changed = true }
        entries.append((file.path, entry))
      }
    }
    // The plan comes sorted by path; any other order (or a path twice) is put right here.
    if !zip(entries, entries.dropFirst()).allSatisfy({ $0.path.precedesBytewise($1.path) }) {
      entries = OutputMap(entries).entries.map { (path: $0.key, entry: $0.value) }
        .sortedBytewise { $0.path }
    }
    // An unchanged map is not written again, so a build that changed nothing touches nothing.
    guard changed || entries.count != previous?.entries.count else { return }
    let written: Void? = try? OutputMap.write(
      entries, output: outputDirectory, keyIdentifier: keyIdentifier)
    memo?.remember(
      written == nil ? nil : OutputMap(entries), output: outputDirectory,
      keyIdentifier: keyIdentifier)
  }

  /// A rendered file: whether its bytes differ from the file in place, and the signature of the
  /// file it will be once in place (the one in place, or the staged one, whose inode and
  /// modification time its rename keeps).
  struct StagedFile: Sendable {
    let path: String
    let isChanged: Bool
    let signature: FileSignature?
  }

  /// Renders files, in parallel, and writes those whose bytes differ from the previous tree into
  /// the staging folder.
  ///
  /// A large file is compared and written piece by piece as it is rendered, so it is never whole
  /// in memory. With `listed`, the files of the previous tree, a file not among them is written
  /// without looking for one in place.
  private func stage(
    _ all: [String], staging: String, folders: FolderMaker, listed: Set<String>?,
    render: @escaping @Sendable (String, inout ByteSink) throws -> Void
  ) throws -> [StagedFile] {
    let output = outputDirectory
    // With fewer files than cores (the archive alone, an edit's live.json), a core would idle: a
    // large file's pieces are compared and written on a thread of their own as it renders. With
    // more, every core renders, and a writing thread would only take turns with them.
    let writesBeside = all.count < ProcessInfo.processInfo.activeProcessorCount
    return try all.concurrentMap { (file) throws -> StagedFile in
      let path = staging + "/" + file
      let inPlace = listed?.contains(file) == false ? nil : output + "/" + file
      let writer = ComparingFileWriter(inPlace: inPlace, destination: path) {
        () throws(FileSystemError) in try folders.make(Self.folder(of: file))
      }
      let pieces = writesBeside ? PieceQueue(take: writer.take) : nil
      defer { pieces?.finish() }
      var sink = ByteSink(handingOnTo: pieces.map { $0.add } ?? writer.take)
      if file == Self.markerName {
        sink.write(Array(Self.markerText.utf8))
      } else {
        try render(file, &sink)
      }
      // Every piece taken before the last one is handed over (the deferred call covers a render
      // that throws).
      pieces?.finish()
      let outcome = try Self.io(path) { () throws(FileSystemError) in
        try writer.finish(sink.bytes)
      }
      return StagedFile(path: file, isChanged: outcome.isChanged, signature: outcome.signature)
    }
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

  /// Every file of the output but herald's own bookkeeping.
  private func listing() -> Set<String> {
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
      try finish(journal, staging: staging)
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

  /// The paths in the order they are put in place: the marker and assets first, then pages and
  /// manifests, and the entry points (the channel, the feed, the archive) last.
  static func ordered(_ paths: [String]) -> [String] {
    func rank(_ path: String) -> Int {
      // The marker first: from the moment files move into place, the folder is herald's.
      if path == markerName { return -1 }
      if path == "assets" || path.hasPrefix("assets/") { return 0 }
      if let rank = entryPointRank(path) { return 2 + rank }
      return 1
    }
    let sorted = paths.sortedBytewise()
    let ranks = sorted.map(rank)
    return sorted.indices.sorted { ranks[$0] != ranks[$1] ? ranks[$0] < ranks[$1] : $0 < $1 }
      .map { sorted[$0] }
  }

  /// What to rename into place for the changed files: a file itself, or the topmost folder on its
  /// path that the output does not have yet (every file under such a folder is new, so the staged
  /// folder holds exactly them) and that holds no entry point, so the entry points still come last.
  static func moves(_ changed: [String], existing: Set<String>) -> [String] {
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
      let known = present ?? folders(of: Array(existing))
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
  static func folders(of files: [String]) -> Set<String> {
    var folders: Set<String> = []
    for file in files {
      var folder = Self.folder(of: file)
      while !folder.isEmpty && folders.insert(folder).inserted { folder = Self.folder(of: folder) }
    }
    return folders
  }

  static func folder(of path: String) -> String { path.parentPath }

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
  func make(_ folder: String) throws(FileSystemError) {
    if lock.withLock({ made.contains(folder) }) { return }
    if !folder.isEmpty { try make(OutputWriter.folder(of: folder)) }
    try FileSystem.makeDirectory(folder.isEmpty ? root : root + "/" + folder)
    lock.withLock { _ = made.insert(folder) }
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
