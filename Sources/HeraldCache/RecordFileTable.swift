import HeraldCore
import HeraldFiles

/// The record files a cache knows, sorted by path: each one's signature and the fingerprint of
/// its bytes when it was last read.
///
/// Looked up beside a list of files in the same order (a listing is sorted by path), by a walk
/// that costs one comparison a file. As a dictionary of paths, at 10,000 records, it hashed every
/// path three times a build (when the database was read, when the records were looked up and when
/// the save compared it with what the build saw).
struct RecordFileTable: Sendable {
  /// The paths relative to the site, sorted bytewise, each once.
  private(set) var paths: [String] = []
  /// Each path's file as last read.
  private(set) var entries: [BuildCache.FileEntry] = []

  /// An empty table.
  init() {}

  /// A table of files given in any order (a database's are sorted already); of a path given
  /// twice, one is kept.
  init(paths: [String], entries: [BuildCache.FileEntry]) {
    var keptPaths: [String] = []
    var keptEntries: [BuildCache.FileEntry] = []
    keptPaths.reserveCapacity(paths.count)
    keptEntries.reserveCapacity(paths.count)
    for index in Array(paths.indices).sortedBytewise(by: { paths[$0] })
    where keptPaths.last != paths[index] {
      keptPaths.append(paths[index])
      keptEntries.append(entries[index])
    }
    self.paths = keptPaths
    self.entries = keptEntries
  }

  /// How many files the table holds.
  var count: Int { paths.count }

  /// The entry of one file, found by a search.
  subscript(path: String) -> BuildCache.FileEntry? {
    places(of: [path])[0].map { entries[$0] }
  }

  /// Where each file is in the table, or nil; a file is looked for first just after the one
  /// before it, so files in path order cost one comparison each.
  func places(of files: [String]) -> [Int?] {
    var places: [Int?] = []
    places.reserveCapacity(files.count)
    var next = 0
    for file in files {
      if next < paths.count, paths[next] == file {
        places.append(next)
        next += 1
        continue
      }
      let low = paths.lowerBoundBytewise(of: file) { $0 }
      let found = low < paths.count && paths[low] == file
      places.append(found ? low : nil)
      next = found ? low + 1 : low
    }
    return places
  }

  /// Each file's fingerprint when its signature (just taken) is the one recorded and was not
  /// taken racily; nil otherwise.
  func fingerprints(files: [String], signatures: [FileSignature?]) -> [Fingerprint?] {
    zip(places(of: files), signatures).map { place, signature in
      guard let place, let signature else { return nil }
      let entry = entries[place]
      return !entry.isRacy && entry.signature == signature ? entry.content : nil
    }
  }
}
