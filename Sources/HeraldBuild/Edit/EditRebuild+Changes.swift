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

  /// What one record file turned out to be.
  private enum Finding: Sendable {
    /// As the snapshot has it.
    case same
    /// The same bytes, with new metadata (touched, copied back, or read racily before).
    case touched(BuildSnapshot.Record)
    /// New bytes whose record keeps its placement: its new entry and its record.
    case edited(BuildSnapshot.Record, Announcement)
    /// Anything else: the edit is more than an edit of words.
    case other
  }

  /// Looks at every record file (one `stat` each) and reads those whose metadata changed; nil
  /// when a change is more than an edit of words.
  func findEdit() -> Edit? {
    let records = snapshot.records
    let findings = Array(zip(listing.records, records)).concurrentMap { entry, record in
      guard let signature = FileSignature.of(entry.path) else { return Finding.other }
      if signature == record.signature && !record.isRacy { return .same }
      return look(at: entry, as: record)
    }
    var edit = Edit(snapshot: snapshot, edited: [:])
    for (place, finding) in findings.enumerated() {
      switch finding {
      case .same: continue
      case .touched(let record): edit.snapshot.records[place] = record
      case .edited(let record, let announcement):
        edit.snapshot.records[place] = record
        edit.edited[place] = announcement
      case .other: return nil
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
    else { return .other }
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
    guard let announcement = decoded.announcement, !announcement.blocking,
      !record.isDelivered, !decoded.diagnostics.contains(where: { $0.severity == .error }),
      announcement.placement(hasher: hasher) == record.placement
    else { return .other }
    found.content = content
    found.key = key
    found.diagnostics = decoded.diagnostics
    return .edited(found, announcement)
  }
}
