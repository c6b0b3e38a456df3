import HeraldBuild
import HeraldContent
import HeraldCore
import HeraldRender

/// A build cache, on disk (`BuildCache`, for `build` and `check`) or in memory
/// (`MemoryBuildCache`, for the rebuilds of one `serve`), reused through the build's seam.
package protocol SiteCache: RecordCache, FragmentCache, BuildReuse {
  /// Which herald made the entries (another herald's are never used).
  var identity: String { get }
}

extension SiteCache {
  /// The cache itself keeps the records.
  package var records: (any RecordCache)? { self }

  /// The cache keeps the fragments, keyed by herald.yaml and this herald.
  package func rendering(configuration: Fingerprint) -> RenderCaching? {
    RenderCaching(cache: self, configuration: configuration, identity: identity)
  }

  /// The identifier of the key, recorded in the output map so a map made with another key is not
  /// read.
  package var outputMapKey: Fingerprint? {
    var hasher = hasher()
    hasher.combine("output map")
    return hasher.finalize()
  }
}

extension BuildCache: SiteCache {}
