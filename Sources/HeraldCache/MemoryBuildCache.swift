import Foundation
import HeraldContent
import HeraldCore
import HeraldFiles

/// A build cache that lives as long as the process: `serve` rebuilds with it on every save, so
/// only what changed is parsed and rendered again, and nothing is written to disk.
package final class MemoryBuildCache: SiteCache, @unchecked Sendable {
  package let identity: String
  private let key: Fingerprint
  private let lock = NSLock()
  private var files: [String: (signature: FileSignature, content: Fingerprint, racy: Bool)] = [:]
  private var entries: [Fingerprint: [UInt8]] = [:]

  /// Makes an empty cache with a fresh key.
  package init(identity: String) {
    self.identity = identity
    var generator = SystemRandomNumberGenerator()
    key = Fingerprint(high: generator.next(), low: generator.next())
  }

  package func hasher() -> SipHasher { SipHasher(key: key) }

  package func fingerprint(file: String, signature: FileSignature) -> Fingerprint? {
    lock.withLock {
      guard let entry = files[file], !entry.racy, entry.signature == signature else { return nil }
      return entry.content
    }
  }

  package func withEntry<Value>(
    _ fingerprint: Fingerprint, _ body: (UnsafeRawBufferPointer) -> Value
  ) -> Value? {
    lock.withLock { entries[fingerprint] }?.withUnsafeBytes(body)
  }

  package func keep(_ bytes: [UInt8], for fingerprint: Fingerprint) {
    lock.withLock { entries[fingerprint] = bytes }
  }

  package func save(files seen: [RecordFileState]?, live: (() -> [Fingerprint])?) {
    let wanted = live.map { Set($0() + (seen ?? []).map(\.record)) }
    let now = BuildCache.wallClock()
    lock.withLock {
      if let seen {
        files = [:]
        for state in seen {
          let racy = max(state.signature.modified, state.signature.changed) > now - 2_000_000_000
          files[state.file] = (state.signature, state.content, racy)
        }
      }
      // A session keeps only what its latest build needs, so memory does not grow with edits.
      if let wanted { entries = entries.filter { wanted.contains($0.key) } }
    }
  }
}
