import Foundation
import HeraldContent
import HeraldCore
import HeraldFiles
import HeraldRender

/// A build cache that lives as long as the process: `serve` rebuilds with it on every save, so
/// only what changed is parsed and rendered again, and nothing is written to disk.
package final class MemoryBuildCache: SiteCache, @unchecked Sendable {
  package let identity: String
  /// The output map of the session's last build, so the next one need not read it back.
  package let outputMaps: OutputMapMemo? = OutputMapMemo()
  private let key: Fingerprint
  private let lock = NSLock()
  private var files: [String: (signature: FileSignature, content: Fingerprint, racy: Bool)] = [:]
  private var entries: [Fingerprint: [UInt8]] = [:]
  /// How many entries were live at the last pruning: pruning waits until twice as many are held.
  private var liveAtPruning = 0

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
    // Listing what is live costs as much as a small rebuild, so a session prunes only when the
    // cache has doubled since: memory stays within twice the need, and most saves are free.
    let due = lock.withLock { entries.count > 2 * liveAtPruning + 4096 }
    let wanted = due ? live.map { Set($0() + (seen ?? []).map(\.record)) } : nil
    let now = BuildCache.wallClock()
    lock.withLock {
      if let seen {
        files = [:]
        for state in seen {
          files[state.file] = (
            state.signature, state.content, state.signature.isRacy(readAt: now)
          )
        }
      }
      if let wanted {
        entries = entries.filter { wanted.contains($0.key) }
        liveAtPruning = entries.count
      }
    }
  }
}
