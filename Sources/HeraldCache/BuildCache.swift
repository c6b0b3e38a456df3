import Foundation
import HeraldContent
import HeraldCore
import HeraldFiles
import HeraldRender

#if canImport(Glibc)
  import Glibc
#endif

/// What a build keeps for the next one, outside the site and the output: each record file's
/// metadata and fingerprint, each record as parsed, and the fragments rendered from it (its body
/// as HTML, its card, its manifest rows), all addressed by keyed fingerprints of their inputs.
///
/// An entry is only ever found under the fingerprint of exactly the inputs it was made from, so a
/// stale entry cannot be used; anything unreadable is a miss, and a build without a cache works
/// the same, only slower. Files: `key` (the secret hash key), `index` (what is where), and
/// `store-*` (the entries, appended to; rewritten without the garbage once it is most of them).
/// What was read is never changed during a run, so reading needs no lock.
package final class BuildCache: @unchecked Sendable {
  /// A record file as last read.
  struct FileEntry: Sendable, Equatable {
    let signature: FileSignature
    let content: Fingerprint
    /// Whether the file changed so shortly before it was read that a later change within the same
    /// clock tick could leave its signature the same: its bytes are hashed again next time.
    let isRacy: Bool
  }

  /// Where an entry's bytes are in the store.
  struct Location: Sendable {
    let offset: Int
    let count: Int
  }

  /// The cache's folder.
  let folder: String
  /// The secret key every fingerprint is made with.
  let key: Fingerprint
  /// Which herald made the entries: another herald's entries are never read.
  package let identity: String
  let storeName: String?
  let store: MappedFile?
  let files: [String: FileEntry]
  let locations: [Fingerprint: Location]
  /// The locations in the index's order, and whether that is by fingerprint (as this herald
  /// writes it): a save merges its new entries in rather than sorting them all again.
  let orderedLocations: [(fingerprint: Fingerprint, location: Location)]
  let locationsSorted: Bool
  /// The store's size when it was last rewritten: it is rewritten again once it doubles.
  let compactedSize: Int
  /// When the cache was opened, in nanoseconds since 1970.
  let openedAt: Int64
  private let lock = NSLock()
  private var pendingEntries: [Fingerprint: [UInt8]] = [:]

  static let magic = "herald-cache-4"

  /// Opens (or starts) the cache of an output folder; nil when there is no place for one (no
  /// home folder, a folder of another user); an error when the place given is inside the output
  /// or the site.
  package static func open(
    outputDirectory: String, siteDirectory: String, environment: [String: String],
    identity: String
  ) throws(CacheLocationError) -> BuildCache? {
    let resolved = OutputTarget.resolvedPath(outputDirectory)
    guard
      let folder = try CacheLocation.folder(
        forOutput: resolved, site: OutputTarget.resolvedPath(siteDirectory),
        environment: environment),
      let key = secretKey(in: folder)
    else { return nil }
    return BuildCache(folder: folder, key: key, identity: identity)
  }

  private init(folder: String, key: Fingerprint, identity: String) {
    self.folder = folder
    self.key = key
    self.identity = identity
    openedAt = Self.wallClock()
    if let index = MappedFile(path: folder + "/index"),
      let read = try? Self.readIndex(index.bytes, identity: identity),
      let mapped = MappedFile(path: folder + "/" + read.store)
    {
      var files: [String: FileEntry] = [:]
      files.reserveCapacity(read.files.count)
      for (path, entry) in read.files { files[path] = entry }
      self.files = files
      // An entry past the end of the store (a store cut short) is dropped, never read.
      let size = mapped.bytes.count
      let ordered = read.locations.filter { $0.location.offset + $0.location.count <= size }
      var locations: [Fingerprint: Location] = [:]
      locations.reserveCapacity(ordered.count)
      for (fingerprint, location) in ordered { locations[fingerprint] = location }
      self.locations = locations
      orderedLocations = ordered
      locationsSorted = zip(ordered, ordered.dropFirst()).allSatisfy {
        $0.fingerprint < $1.fingerprint
      }
      storeName = read.store
      store = mapped
      compactedSize = read.compactedSize
    } else {
      files = [:]
      locations = [:]
      orderedLocations = []
      locationsSorted = true
      storeName = nil
      store = nil
      compactedSize = 0
    }
  }

  /// A keyed hasher: every fingerprint of a build comes from one.
  package func hasher() -> SipHasher { SipHasher(key: key) }

  /// Reads the bytes kept under a fingerprint, in place; nil for an entry whose checksum does not
  /// match (a flipped bit, a torn write, an edit): a damaged entry is a miss.
  package func withEntry<Value>(
    _ fingerprint: Fingerprint, _ body: (UnsafeRawBufferPointer) -> Value
  ) -> Value? {
    if let location = locations[fingerprint], let store {
      let sealed = UnsafeRawBufferPointer(
        rebasing: store.bytes[location.offset..<(location.offset + location.count)])
      return Checksum.opened(sealed).map(body)
    }
    guard let pending = lock.withLock({ pendingEntries[fingerprint] }) else { return nil }
    return pending.withUnsafeBytes { Checksum.opened($0).map(body) }
  }

  /// Keeps bytes under a fingerprint, sealed with their checksum (written when the build saves
  /// the cache).
  package func keep(_ bytes: [UInt8], for fingerprint: Fingerprint) {
    guard locations[fingerprint] == nil else { return }
    let sealed = Checksum.sealed(bytes)
    lock.withLock { pendingEntries[fingerprint] = sealed }
  }

  /// A file's fingerprint when its signature is unchanged and was not taken racily.
  package func fingerprint(file path: String, signature: FileSignature) -> Fingerprint? {
    guard let entry = files[path], !entry.isRacy, entry.signature == signature else { return nil }
    return entry.content
  }

  /// The entries kept this run, by fingerprint.
  func pending() -> [Fingerprint: [UInt8]] { lock.withLock { pendingEntries } }

  static func wallClock() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  }
}
