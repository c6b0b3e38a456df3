import Foundation
import HeraldCore
import HeraldFiles
import Synchronization

/// One build's change to an output folder, from `OutputWriter.begin` to `commit`: the renderer's
/// bytes go into staging files it opens, and nothing reaches the output until `commit`.
///
/// It holds the output's lock while it lives. Released without a commit (a render that failed, a
/// build refused), it removes its staging folder and the output is as it was.
package final class OutputTransaction: Sendable {
  /// Every file of the previous tree (herald's bookkeeping aside).
  package let previous: PreviousTree
  /// The planned files to render, in plan order: those the output map could not vouch for.
  package let pending: [String]

  let writer: OutputWriter
  private let lock: FolderLock
  let files: [OutputWriter.Planned]
  let kept: [OutputMap.Entry?]
  let map: OutputMap?
  let keyIdentifier: Fingerprint?
  /// The previous tree's files when they were listed (exact), so a file it lacks is not looked for.
  private let listed: PreviousTree?
  private let staging: String
  private let folders: FolderMaker
  /// Whether staging is ready, the files staged so far, and whether the commit began.
  private let state = Mutex<(stagingReady: Bool, staged: [StagedFile], committed: Bool)>(
    (false, [], false))
  /// Files planned after rendering (`plan(_:)`), sorted.
  private let added = Mutex<[String]>([])
  /// The number the next file staged by number takes.
  private let nextNumber = Atomic<Int>(0)

  init(
    writer: OutputWriter, lock: FolderLock, files: [OutputWriter.Planned], previous: PreviousTree,
    map: OutputMap?, keyIdentifier: Fingerprint?
  ) throws(OutputError) {
    self.writer = writer
    self.lock = lock
    self.files = files
    self.previous = previous
    self.map = map
    self.keyIdentifier = keyIdentifier
    let output = writer.outputDirectory
    kept = BuildTrace.measure("compare with the output map") {
      Self.unchanged(files, map: map, output: output)
    }
    pending = zip(files, kept).compactMap { $1 == nil ? $0.path : nil }
    listed = map == nil ? previous : nil
    staging = output + "/" + OutputWriter.stagingName
    folders = FolderMaker(root: staging)
  }

  deinit {
    if !state.withLock({ $0.committed }) { try? FileSystem.removeTree(staging) }
    withExtendedLifetime(lock) {}
  }

  /// A file being staged: render into `sink`, then `close()` it.
  package final class StagingFile {
    /// Where the file's bytes go; large files are compared and written piece by piece.
    package var sink: ByteSink
    private let path: String
    private let destination: String
    private let writer: ComparingFileWriter
    private let transaction: OutputTransaction
    private let number: Int?

    fileprivate init(
      path: String, number: Int?, destination: String, writer: ComparingFileWriter,
      transaction: OutputTransaction
    ) {
      self.path = path
      self.number = number
      self.destination = destination
      self.writer = writer
      self.transaction = transaction
      sink = ByteSink(handingOnTo: writer.take)
    }

    /// Finishes the file: written into staging when its bytes differ from the one in place.
    package func close() throws(OutputError) {
      let last = sink.bytes
      let outcome = try OutputWriter.io(destination) { () throws(FileSystemError) in
        try writer.finish(last)
      }
      transaction.record(
        StagedFile(
          path: path, number: number, isChanged: outcome.isChanged, signature: outcome.signature))
    }
  }

  /// Opens a planned file for staging: at its path in staging, or by number when the previous
  /// tree has it (its folders are in place already, and need no copies in staging).
  package func open(_ file: String) throws(OutputError) -> StagingFile {
    try prepareStaging()
    let number =
      previous.contains(file) ? nextNumber.wrappingAdd(1, ordering: .relaxed).oldValue : nil
    let relative = OutputJournal.staged(file, number: number)
    let path = staging + "/" + relative
    let inPlace = listed?.contains(file) == false ? nil : writer.outputDirectory + "/" + file
    let folders = folders
    let comparing = ComparingFileWriter(
      inPlace: inPlace, destination: path, folder: folders.rootFolder.map { ($0, relative) }
    ) { () throws(FileSystemError) in try folders.make(OutputWriter.folder(of: relative)) }
    return StagingFile(
      path: file, number: number, destination: path, writer: comparing, transaction: self)
  }

  /// Reads planned files as they will be once committed, each handed to `read` (on several
  /// threads): the staged copy of a file that changed, else the one in place (a file the output
  /// map vouched for, or one whose bytes were equal).
  package func readCommitted<Result: Sendable>(
    _ files: [String], _ read: @Sendable (String, [UInt8]) -> Result
  ) throws(OutputError) -> [Result] {
    let changed = StagedFile.latest(state.withLock { $0.staged })
    let (staging, output) = (staging, writer.outputDirectory)
    return try files.concurrentMap { (file) throws(OutputError) in
      let path =
        changed[file].map { staging + "/" + OutputJournal.staged(file, number: $0.number) }
        ?? output + "/" + file
      switch FileSystem.readRegular(path) {
      case .success(let bytes): return read(file, bytes)
      case .failure(let error): throw OutputError.io(error.path, error.reason)
      }
    }
  }

  /// The planned files whose bytes this build changed so far (staged, and unlike the ones in
  /// place).
  package var changedPaths: Set<String> {
    Set(state.withLock { $0.staged.filter(\.isChanged).map(\.path) })
  }

  /// The bytes of a file of the previous tree, as it is in place; nil when it has none there.
  package func previousBytes(_ file: String) -> [UInt8]? {
    guard previous.contains(file) else { return nil }
    return FileSystem.read(writer.outputDirectory + "/" + file)
  }

  /// The size of a file in place, when the previous tree has it.
  package func previousSize(_ file: String) -> Int64? {
    guard previous.contains(file) else { return nil }
    return FileSignature.of(writer.outputDirectory + "/" + file)?.size
  }

  /// Adds files to the new tree that only rendering could name (the content-addressed copies of
  /// the documents, DESIGN §3): staged like any file, kept when their bytes are there, and
  /// listed in the output map, so the copies a later tree no longer names are removed.
  package func plan(_ paths: [String]) {
    let known = Set(files.map(\.path))
    let new = paths.filter { !known.contains($0) }
    added.withLock { $0 = Array(Set($0 + new)).sortedBytewise() }
  }

  /// Every path of the new tree: the planned files, then those added after rendering.
  var treePaths: [String] { files.map(\.path) + added.withLock { $0 } }

  /// Puts every changed file in place and removes the files that are gone, through the journal.
  ///
  /// Then it keeps the output map. Every pending file must have been staged.
  package func commit() throws(OutputError)
    -> OutputWriter.Summary
  {
    let marker = try open(OutputWriter.markerName)
    marker.sink.write(Array(OutputWriter.markerText.utf8))
    try marker.close()
    let output = writer.outputDirectory
    var staged = state.withLock { $0.staged }
    let changed = staged.filter(\.isChanged).map(\.path).sortedBytewise()
    let paths = treePaths
    // A previous file whose path is now a folder is replaced, not removed.
    var gone = previous.subtracting(paths)
    gone.remove(OutputWriter.markerName)
    let removed = Array(
      gone.isEmpty
        ? gone : gone.subtracting(OutputWriter.folders(of: paths + [OutputWriter.markerName]))
    )
    .sortedBytewise()
    let summary = OutputWriter.Summary(
      written: changed.count, unchanged: paths.count + 1 - changed.count, removed: removed.count)
    state.withLock { $0.committed = true }
    var mapInPlace = map != nil
    if !changed.isEmpty || !removed.isEmpty {
      let latest = StagedFile.latest(staged)
      let journal = OutputJournal(
        puts: OutputWriter.ordered(OutputWriter.moves(changed, existing: previous)),
        removals: removed, numbers: latest.compactMapValues(\.number),
        inodes: latest.compactMapValues { $0.number == nil ? nil : $0.signature?.inode })
      do {
        // From the journal on, the map no longer lists the tree: a build that stops inside it
        // leaves no map, so the next one lists the disk and removes what this one added.
        try OutputMap.remove(from: output)
        mapInPlace = false
        try journal.record(in: output)
      } catch {
        try? FileSystem.removeTree(staging)
        throw OutputError.io(error.path, error.reason)
      }
      try BuildTrace.measure("move into place") { () throws(OutputError) in
        try writer.finish(journal, staging: staging)
      }
      // A rename sets a file's change time, which the map compares: a file renamed in on its
      // own is looked at again in place (those moved in with a new folder keep theirs).
      staged = Self.signedInPlace(staged, renamed: Set(journal.puts), output: output)
    } else {
      try? FileSystem.removeTree(staging)
    }
    BuildTrace.measure("write the output map") {
      keepMap(staged, inPlace: mapInPlace)
    }
    return summary
  }

  private func record(_ file: StagedFile) { state.withLock { $0.staged.append(file) } }

  /// Removes what a stopped build left in staging, once, before the first file is staged.
  private func prepareStaging() throws(OutputError) {
    let staging = staging
    let folders = folders
    try state.withLock { (state) throws(OutputError) in
      guard !state.stagingReady else { return }
      try? FileSystem.removeTree(staging)
      try OutputWriter.io(staging) { () throws(FileSystemError) in try folders.make("") }
      state.stagingReady = true
    }
  }

  /// A staged file: whether its bytes differ from the file in place, and the signature of the
  /// file it will be once in place (the one in place, or the staged one, whose inode and
  /// modification time its rename keeps).
  struct StagedFile: Sendable {
    let path: String
    /// Its number in staging's `OutputJournal.replacingFolder`, when it was staged by number.
    let number: Int?
    let isChanged: Bool
    let signature: FileSignature?

    /// Each changed file as it was last staged (a path staged twice is where its last staging
    /// put it).
    static func latest(_ staged: [StagedFile]) -> [String: StagedFile] {
      Dictionary(
        staged.filter(\.isChanged).map { ($0.path, $0) }, uniquingKeysWith: { _, last in last })
    }
  }
}
