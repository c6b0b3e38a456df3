import HeraldContent
import HeraldFiles

/// The record files an edit's rebuild looks at: as a listing found them, or, when the folder's
/// own signature says no entry was added, removed or renamed since, as the snapshot names them
/// (every one a file in the folder itself), looked at without making their names into strings.
enum RecordFiles: Sendable {
  /// As listed.
  case listed(SiteLoader.Listing)
  /// As the snapshot names them, in a folder.
  case named(folder: String, names: NameTable)

  /// The folder's resolved path.
  var folder: String {
    switch self {
    case .listed(let listing): return listing.folder
    case .named(let folder, _): return folder
    }
  }

  /// How many record files there are.
  var count: Int {
    switch self {
    case .listed(let listing): return listing.records.count
    case .named(_, let names): return names.count
    }
  }

  /// The signature of the file at a place (one `stat`, relative to the open folder).
  func signature(at place: Int, in open: OpenFolder?) -> FileSignature? {
    switch self {
    case .listed(let listing): return listing.records[place].signature(in: open)
    case .named(let folder, let names):
      guard let open else { return FileSignature.of(folder + "/" + names[place]) }
      return names.signature(of: place, in: open)
    }
  }

  /// The file at a place, to be read.
  func entry(at place: Int) -> SiteLoader.RecordEntry {
    switch self {
    case .listed(let listing): return listing.records[place]
    case .named(let folder, let names):
      return SiteLoader.RecordEntry(name: names[place], inFolder: folder)
    }
  }
}
