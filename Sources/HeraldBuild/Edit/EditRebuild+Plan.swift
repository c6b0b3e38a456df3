import HeraldCore
import HeraldRender

extension EditRebuild {
  /// Makes again the fingerprints of the files that show the edit's edited records (each
  /// record's page, the archive page it is on, the feed when it holds it), as the whole site's
  /// plan makes them (`FileInputs`), and notes which changed.
  func replan(_ edit: inout Edit) {
    // Found first and set after: while the edit's snapshot is being read, setting one would copy
    // all 9,400 files.
    for (index, fingerprint) in fingerprints(showing: edit) {
      edit.snapshot.files[index].fingerprint = fingerprint
      edit.changedFiles.append(index)
    }
  }

  /// The new fingerprints of the files that show the edit's edited records, where they differ.
  private func fingerprints(showing edit: Edit) -> [(index: Int, fingerprint: Fingerprint)] {
    let snapshot = edit.snapshot
    let places = Set(edit.edited.keys)
    var pages: Set<Int> = []
    var wallsEdited = false
    for (index, place) in snapshot.archive.enumerated() where places.contains(place) {
      pages.insert(index / snapshot.pageSize + 1)
    }
    for place in snapshot.walls where places.contains(place) { wallsEdited = true }
    if wallsEdited { pages.insert(1) }
    let feedEdited = snapshot.feed.contains(where: places.contains)
    var changes: [(index: Int, fingerprint: Fingerprint)] = []
    for (index, file) in snapshot.files.enumerated() {
      let inputs: FileInputs
      switch file.role {
      case .announcement(let record) where places.contains(record):
        inputs = .announcement(snapshot.records[record].mark)
      case .archive(let page) where pages.contains(page):
        inputs = archiveInputs(page: page, of: snapshot)
      case .feed where feedEdited:
        inputs = .feed(snapshot.feed.map { snapshot.records[$0].mark })
      default: continue
      }
      let fingerprint = inputs.fingerprint(hasher: hasher, environment: environments[file.edition])
      if fingerprint != file.fingerprint { changes.append((index, fingerprint)) }
    }
    return changes
  }

  /// What a page of the archive is made from, as the snapshot places the records.
  func archiveInputs(page: Int, of snapshot: BuildSnapshot) -> FileInputs {
    let marks = snapshot.archivePage(page).map { snapshot.records[$0].mark }
    return .archive(
      page: page, count: snapshot.archivePageCount, records: marks,
      walls: page == 1 ? snapshot.walls.map { snapshot.records[$0].mark } : nil)
  }
}

extension BuildSnapshot {
  /// The records of a page of the archive, as places in `records`: each on exactly one page.
  func archivePage(_ page: Int) -> ArraySlice<Int> {
    let start = min(archive.count, max(0, page - 1) * pageSize)
    return archive[start..<min(archive.count, start + pageSize)]
  }
}
