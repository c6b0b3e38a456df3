import Foundation
import HeraldContent
import HeraldCore
import HeraldFiles
import HeraldRender
import Synchronization

/// A build cache that lives as long as the process: `serve` rebuilds with it on every save, so
/// only what changed is parsed and rendered again, and nothing is written to disk.
///
/// Parsed records are kept whole, not in their binary form: a save then decodes none of the
/// records it did not change.
package final class MemoryBuildCache: SiteCache, Sendable {
  package let identity: String
  private let key: Fingerprint
  private let state = Mutex(State())

  /// What the session keeps.
  private struct State {
    var files = RecordFileTable()
    var entries: [Fingerprint: [UInt8]] = [:]
    var values: [Fingerprint: any Sendable] = [:]
    /// How many entries were live at the last pruning: pruning waits until twice as many are held.
    var liveAtPruning = 0
  }

  /// Makes an empty cache with a fresh key.
  package init(identity: String) {
    self.identity = identity
    var generator = SystemRandomNumberGenerator()
    key = Fingerprint(high: generator.next(), low: generator.next())
  }

  package func hasher() -> SipHasher { SipHasher(key: key) }

  package func fingerprints(files: [String], signatures: [FileSignature?]) -> [Fingerprint?] {
    state.withLock { $0.files.fingerprints(files: files, signatures: signatures) }
  }

  package func withEntry<Value>(
    _ fingerprint: Fingerprint, _ body: (UnsafeRawBufferPointer) -> Value
  ) -> Value? {
    state.withLock { $0.entries[fingerprint] }?.withUnsafeBytes(body)
  }

  package func keep(_ bytes: [UInt8], for fingerprint: Fingerprint) {
    state.withLock { $0.entries[fingerprint] = bytes }
  }

  /// How many values are kept whole and how many as bytes.
  package var held: (values: Int, entries: Int) {
    state.withLock { ($0.values.count, $0.entries.count) }
  }

  package func value(_ fingerprint: Fingerprint) -> (any Sendable)? {
    state.withLock { $0.values[fingerprint] }
  }

  package func keep(value: any Sendable, bytes: () -> [UInt8], for fingerprint: Fingerprint) {
    state.withLock { $0.values[fingerprint] = value }
  }

  package func save(files seen: [RecordFileState]?, live: (() -> [Fingerprint])?) {
    // Listing what is live costs as much as a small rebuild, so a session prunes only when the
    // cache has doubled since: memory stays within twice the need, and most saves are free.
    let due = state.withLock {
      $0.entries.count + $0.values.count > 2 * $0.liveAtPruning + 4096
    }
    let wanted = due ? live.map { Set($0() + (seen ?? []).map(\.record)) } : nil
    let now = BuildCache.wallClock()
    state.withLock { state in
      if let seen {
        state.files = RecordFileTable(
          paths: seen.map(\.file),
          entries: seen.map {
            BuildCache.FileEntry(
              signature: $0.signature, content: $0.content, isRacy: $0.signature.isRacy(readAt: now)
            )
          })
      }
      if let wanted {
        state.entries = state.entries.filter { wanted.contains($0.key) }
        state.values = state.values.filter { wanted.contains($0.key) }
        state.liveAtPruning = state.entries.count + state.values.count
      }
    }
  }
}
