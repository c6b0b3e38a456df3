import HeraldContent
import HeraldCore
import HeraldRender

/// A build cache, on disk (`BuildCache`, for `build` and `check`) or in memory
/// (`MemoryBuildCache`, for the rebuilds of one `serve`).
package protocol SiteCache: RecordCache, FragmentCache {
  /// Which herald made the entries (another herald's are never used).
  var identity: String { get }
  /// Saves what this run learnt: the record files as found (when given) and the new entries; with
  /// `live` (every key the site's files are made from, asked for only when needed), entries not in
  /// it may be forgotten.
  func save(files: [RecordFileState]?, live: (() -> [Fingerprint])?)
  /// The output map the last build of this process wrote, when the cache lives as long as the
  /// process (nil for the disk cache: each run reads the map file).
  var outputMaps: OutputMapMemo? { get }
}

extension SiteCache {
  /// None: the map is read from its file.
  package var outputMaps: OutputMapMemo? { nil }

  /// The identifier of the key, recorded in the output map so a map made with another key is not
  /// read.
  package var mapIdentifier: Fingerprint {
    var hasher = hasher()
    hasher.combine("output map")
    return hasher.finalize()
  }
}

extension BuildCache: SiteCache {}
