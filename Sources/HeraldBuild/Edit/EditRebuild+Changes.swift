import HeraldContent
import HeraldCore
import HeraldFiles

extension EditRebuild {
  /// What the edit changed: the snapshot as it now stands (records and fingerprints), and the
  /// records whose bytes changed, read anew, by their place.
  struct Edit: Sendable {
    var snapshot: BuildSnapshot
    var edited: [Int: Announcement]
    /// Whether a record's entry changed (its bytes, or only its metadata).
    var changesRecords = false
    /// The places of the files whose fingerprints `replan` changed, in order.
    var changedFiles: [Int] = []
  }

  /// How many record files a thread looks at in one go.
  private static let blockLength = 256

  /// What a record file that is not as the snapshot has it turned out to be.
  private enum Finding: Sendable {
    /// The same bytes, with new metadata (touched, copied back, or read racily before).
    case touched(BuildSnapshot.Record)
    /// New bytes whose record keeps its placement: its new entry, its record and the problems of
    /// its file.
    case edited(BuildSnapshot.Record, Announcement, [Diagnostic])
    /// Anything else: the edit is more than an edit of words (why).
    case other(String)
  }

  /// Looks at every record file (one `stat` each) and reads those whose metadata changed; nil
  /// when a change is more than an edit of words.
  ///
  /// The edit's snapshot holds the records and files alone from then on: the last snapshot's are
  /// not read again, and changing one of them copies nothing (10,000 records and 9,400 files,
  /// 1.5 MB of fresh memory, were copied for each edit).
  mutating func findEdit() -> Edit? {
    let findings = lookAtRecordFiles()
    var edit = Edit(snapshot: snapshot, edited: [:])
    snapshot.records = []
    snapshot.files = []
    edit.snapshot.folder = folder
    for (place, finding) in findings {
      switch finding {
      case .touched(let record):
        edit.changesRecords = edit.changesRecords || edit.snapshot.records[place] != record
        edit.snapshot.records[place] = record
      case .edited(let record, let announcement, let diagnostics):
        edit.changesRecords = edit.changesRecords || edit.snapshot.records[place] != record
        edit.snapshot.records[place] = record
        edit.snapshot.diagnostics[place] = diagnostics.isEmpty ? nil : diagnostics
        edit.edited[place] = announcement
      case .other(let why): return stepAside(why)
      }
    }
    guard !edit.edited.isEmpty else { return edit }
    BuildTrace.measure("plan again what shows the edit") { replan(&edit) }
    return edit
  }

  /// Every record file not as the snapshot has it, by place, with what it turned out to be.
  private func lookAtRecordFiles() -> [(place: Int, finding: Finding)] {
    let (records, files) = (snapshot.records, files)
    let open = OpenFolder(files.folder)
    // One pass on every core, in blocks of files: each file's `stat`, and a read only where its
    // metadata changed. A block lists only the files that changed (usually none), so no list of
    // 10,000 findings is made, nor written into from both cores a word apart.
    let blocks = Array(stride(from: 0, to: records.count, by: Self.blockLength))
    let findings = blocks.concurrentMap { start in
      var found: [(place: Int, finding: Finding)] = []
      for place in start..<min(records.count, start + Self.blockLength) {
        let record = records[place]
        guard let signature = files.signature(at: place, in: open) else {
          found.append((place, .other("\(files.entry(at: place).file) cannot be read")))
          continue
        }
        if signature == record.signature && !record.isRacy { continue }
        found.append((place, look(at: files.entry(at: place), as: record)))
      }
      return found
    }
    return Array(findings.joined())
  }

  /// Reads a record file whose metadata changed, and tells what it is now.
  private func look(at entry: SiteLoader.RecordEntry, as record: BuildSnapshot.Record)
    -> Finding
  {
    guard case .success(let (bytes, signature)) = FileSystem.readRegularWithSignature(entry.path)
    else { return .other("\(entry.file) cannot be read") }
    var found = record
    found.signature = signature
    found.isRacy = signature.isRacy(readAt: readAt)
    let content = RecordKeys.content(bytes, hasher: hasher)
    if content == record.content { return .touched(found) }
    let key = RecordKeys.record(
      file: entry.file, content: content, configuration: configuration, hasher: hasher)
    let decoded = RecordFileReader(config: config).read(
      bytes, file: entry.file, format: entry.format
    )
    .keyed(key)
    guard let announcement = decoded.announcement,
      !decoded.diagnostics.contains(where: { $0.severity == .error })
    else { return .other("\(entry.file) has errors") }
    guard !announcement.blocking, !record.isDelivered else {
      return .other("\(entry.file) is a wall, or in a document apps read")
    }
    guard announcement.placement(hasher: hasher) == record.placement else {
      return .other("\(entry.file) changed more than its words")
    }
    found.content = content
    found.key = key
    return .edited(found, announcement, decoded.diagnostics)
  }
}
