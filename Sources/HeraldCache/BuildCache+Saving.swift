import HeraldContent
import HeraldCore
import HeraldFiles

#if canImport(Glibc)
  import Glibc
#endif

extension BuildCache {
  /// Writes what this run learnt; never fails the build (a cache that cannot be written is only
  /// a slower next build).
  ///
  /// `files` (when given) replaces the table of record files: files this run did not see are
  /// forgotten. Once the store has doubled since it was last rewritten, it is rewritten with only
  /// the entries in `live()` (every key the site's records and files are made from) and this run's
  /// new ones; without `live`, it is only appended to (`check`, which sees records only).
  package func save(files seen: [RecordFileState]?, live: (() -> [Fingerprint])?) {
    let pending = pending()
    var table = files
    // The files in path order: the loader lists them so, and then sorting only checks.
    var sortedFiles: [(path: String, entry: FileEntry)] = []
    if let seen {
      table = [:]
      table.reserveCapacity(seen.count)
      sortedFiles.reserveCapacity(seen.count)
      for state in seen.sortedBytewise(by: \.file) {
        // A file changed within two seconds of being read may change again within the same tick
        // of the file system's clock without its signature showing it (git's "racy clean").
        let racy =
          max(state.signature.modified, state.signature.changed) > openedAt - 2_000_000_000
        let entry = FileEntry(signature: state.signature, content: state.content, isRacy: racy)
        // A file seen twice (they sort together) is written once, as last seen.
        if table.updateValue(entry, forKey: state.file) != nil, !sortedFiles.isEmpty {
          sortedFiles[sortedFiles.count - 1] = (state.file, entry)
        } else {
          sortedFiles.append((state.file, entry))
        }
      }
    }
    guard !pending.isEmpty || table != files else { return }
    if seen == nil {
      sortedFiles = Array(files.keys).sortedBytewise().compactMap { path in
        files[path].map { (path, $0) }
      }
    }
    guard let lock = try? FolderLock(file: folder + "/lock", waiting: {}) else { return }
    defer { withExtendedLifetime(lock) {} }
    var locations = self.locations
    var storeName = self.storeName
    var compactedSize = self.compactedSize
    let storeBytes = store?.bytes.count ?? 0
    var appendAt = storeBytes
    let pendingBytes = pending.values.reduce(0) { $0 + $1.count }
    let due = storeBytes + pendingBytes > 2 * compactedSize + 8_000_000
    var compacted = false
    if storeName == nil || !appendable(storeName, size: storeBytes) || (due && live != nil) {
      // Only entries already in the store can be garbage: a first build asks for nothing.
      var wanted = locations.isEmpty ? [] : BuildTrace.measure("cache: live") { Set(live?() ?? []) }
      for state in seen ?? [] { wanted.insert(state.record) }
      let kept = locations.filter { wanted.contains($0.key) }
      guard let (name, relocated) = compact(kept, from: store) else { return }
      storeName = name
      locations = relocated
      appendAt = relocated.values.reduce(0) { max($0, $1.offset + $1.count) }
      compactedSize = appendAt + pendingBytes
      compacted = true
    }
    guard let storeName else { return }
    let added = pending.filter { locations[$0.key] == nil }.sorted { $0.key < $1.key }
    var offset = appendAt
    var addedLocations: [(fingerprint: Fingerprint, location: Location)] = []
    addedLocations.reserveCapacity(added.count)
    for (fingerprint, bytes) in added {
      let location = Location(offset: offset, count: bytes.count)
      locations[fingerprint] = location
      addedLocations.append((fingerprint, location))
      offset += bytes.count
    }
    let sortedLocations =
      compacted || !locationsSorted
      ? locations.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
      : Self.merged(orderedLocations, addedLocations)
    let written = BuildTrace.measure("cache: append") {
      append(added.map(\.value), to: folder + "/" + storeName, expectedSize: appendAt)
    }
    // A store this save began and could not finish (a full disk) is no one's: removed, or every
    // failed build would leave one more.
    guard written else {
      if compacted { unlink(folder + "/" + storeName) }
      return
    }
    let index = Index(
      store: storeName, compactedSize: compactedSize, files: sortedFiles,
      locations: sortedLocations)
    let temporary = folder + "/index.\(getpid())"
    let bytes = BuildTrace.measure("cache: index") { Self.indexBytes(index, identity: identity) }
    guard (try? FileSystem.write(bytes, to: temporary)) != nil,
      (try? FileSystem.rename(temporary, to: folder + "/index")) != nil
    else {
      unlink(temporary)
      if compacted { unlink(folder + "/" + storeName) }
      return
    }
    removeOtherStores(keeping: storeName)
  }

  /// Two lists sorted by fingerprint, with no fingerprint in both, as one sorted list.
  static func merged(
    _ old: [(fingerprint: Fingerprint, location: Location)],
    _ new: [(fingerprint: Fingerprint, location: Location)]
  ) -> [(fingerprint: Fingerprint, location: Location)] {
    var merged: [(fingerprint: Fingerprint, location: Location)] = []
    merged.reserveCapacity(old.count + new.count)
    var (left, right) = (0, 0)
    while left < old.count && right < new.count {
      if new[right].fingerprint < old[left].fingerprint {
        merged.append(new[right])
        right += 1
      } else {
        merged.append(old[left])
        left += 1
      }
    }
    merged += old[left...]
    merged += new[right...]
    return merged
  }

  /// Whether the store on disk is still the one this build read, at the size it read.
  private func appendable(_ name: String?, size: Int) -> Bool {
    guard let name, let signature = FileSignature.of(folder + "/" + name) else { return false }
    return signature.size == Int64(size)
  }

  /// Writes a new store holding the kept entries; returns its name and their new places.
  private func compact(_ kept: [Fingerprint: Location], from store: MappedFile?)
    -> (String, [Fingerprint: Location])?
  {
    var bytes: [UInt8] = []
    var relocated: [Fingerprint: Location] = [:]
    if let store {
      for (fingerprint, location) in kept.sorted(by: { $0.value.offset < $1.value.offset }) {
        relocated[fingerprint] = Location(offset: bytes.count, count: location.count)
        bytes += store.bytes[location.offset..<(location.offset + location.count)]
      }
    }
    var generator = SystemRandomNumberGenerator()
    let name = "store-" + String(UInt64.random(in: 0...UInt64.max, using: &generator), radix: 16)
    guard (try? FileSystem.create(bytes, at: folder + "/" + name)) != nil else {
      unlink(folder + "/" + name)
      return nil
    }
    return (name, relocated)
  }

  /// Appends entries to the store, which must still be as long as expected, in large writes
  /// (the entries are not first copied into one buffer).
  private func append(_ entries: [[UInt8]], to path: String, expectedSize: Int) -> Bool {
    let descriptor = Glibc.open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    guard FileSignature.of(descriptor: descriptor)?.size == Int64(expectedSize) else {
      return false
    }
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 20)
    func flush() -> Bool {
      var offset = 0
      while offset < buffer.count {
        let written = buffer.withUnsafeBytes { bytes in
          Glibc.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
        }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return false }
        offset += written
      }
      buffer.removeAll(keepingCapacity: true)
      return true
    }
    for entry in entries {
      buffer += entry
      if buffer.count >= 1 << 20, !flush() {
        // Cut back to where it was, so the index never points past what was written.
        _ = ftruncate(descriptor, off_t(expectedSize))
        return false
      }
    }
    guard flush() else {
      _ = ftruncate(descriptor, off_t(expectedSize))
      return false
    }
    return true
  }

  private func removeOtherStores(keeping name: String) {
    for entry in FileSystem.listNames(folder) ?? []
    where entry.name.hasPrefix("store-") && entry.name != name {
      unlink(folder + "/" + entry.name)
    }
  }
}
