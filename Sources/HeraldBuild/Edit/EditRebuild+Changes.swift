import HeraldContent
import HeraldCore
import HeraldFiles

extension EditRebuild {
  /// What the edit changed: the snapshot as it now stands (records and fingerprints), and the
  /// records whose bytes changed, read anew, by their place.
  struct Edit: Sendable {
    var snapshot: BuildSnapshot
    var edited: [Int: Announcement]
  }

  /// What one record file turned out to be: a word, not a record and an announcement in place,
  /// in a list of one for each of 10,000 files.
  private indirect enum Finding: Sendable {
    /// As the snapshot has it.
    case same
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
  func findEdit() -> Edit? {
    let (records, files) = (snapshot.records, files)
    let open = OpenFolder(files.folder)
    // One pass on every core: each file's `stat`, and a read only where its metadata changed.
    let findings = Array(records.indices).concurrentMap { place in
      let record = records[place]
      guard let signature = files.signature(at: place, in: open) else {
        return Finding.other("\(files.entry(at: place).file) cannot be read")
      }
      if signature == record.signature && !record.isRacy { return .same }
      return look(at: files.entry(at: place), as: record)
    }
    var edit = Edit(snapshot: snapshot, edited: [:])
    edit.snapshot.folder = folder
    for (place, finding) in findings.enumerated() {
      switch finding {
      case .same: continue
      case .touched(let record): edit.snapshot.records[place] = record
      case .edited(let record, let announcement, let diagnostics):
        edit.snapshot.records[place] = record
        edit.snapshot.diagnostics[place] = diagnostics.isEmpty ? nil : diagnostics
        edit.edited[place] = announcement
      case .other(let why): return stepAside(why)
      }
    }
    guard !edit.edited.isEmpty else { return edit }
    return BuildTrace.measure("plan again what shows the edit") { replan(edit) }
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
