import HeraldContent
import HeraldCore
import HeraldRender

/// Everything a build may reuse from earlier builds, behind one seam: parsed records, rendered
/// fragments and the output map.
///
/// Content and Render see only their own narrow protocols (`RecordCache`, `FragmentCache`); the
/// build asks this seam for them. `NoReuse` reuses nothing, so caching can be changed or removed
/// here without touching the loader or the renderer.
package protocol BuildReuse: Sendable {
  /// Where parsed records are kept, if anywhere.
  var records: (any RecordCache)? { get }
  /// How the renderer reuses fragments for a site whose herald.yaml has this fingerprint.
  func rendering(configuration: Fingerprint) -> RenderCaching?
  /// The identifier recorded in the output map (a map made with another key is not read).
  var outputMapKey: Fingerprint? { get }
  /// Saves what this run learnt: the record files as found (when given) and the new entries; with
  /// `live` (every key the site's files are made from, asked for only when needed), entries not in
  /// it may be forgotten.
  func save(files: [RecordFileState]?, live: (() -> [Fingerprint])?)
}

/// Reuses nothing: every build reads and renders everything, and keeps no output map.
package struct NoReuse: BuildReuse {
  /// Makes the seam that reuses nothing.
  package init() {}

  /// No records are kept.
  package var records: (any RecordCache)? { nil }
  /// No fragments are kept.
  package func rendering(configuration: Fingerprint) -> RenderCaching? { nil }
  /// No output map.
  package var outputMapKey: Fingerprint? { nil }
  /// Nothing to save.
  package func save(files: [RecordFileState]?, live: (() -> [Fingerprint])?) {}
}
