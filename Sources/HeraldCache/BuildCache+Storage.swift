import HeraldCore
import HeraldFiles

#if canImport(Glibc)
  import Glibc
#endif

extension BuildCache {
  /// Reads the secret key, making one the first time (16 random bytes, readable by this user only).
  static func secretKey(in folder: String) -> Fingerprint? {
    let path = folder + "/key"
    if let bytes = FileSystem.read(path), bytes.count == 16 {
      return SipHasher.keyFingerprint(bytes)
    }
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let temporary = path + ".\(getpid())"
    guard (try? FileSystem.write(bytes, to: temporary)) != nil, chmod(temporary, 0o600) == 0
    else { return nil }
    // Two builds starting at once: the first key in place wins, and both read it.
    if link(temporary, path) != 0 && errno != EEXIST {
      unlink(temporary)
      return nil
    }
    unlink(temporary)
    guard let kept = FileSystem.read(path), kept.count == 16 else { return nil }
    return SipHasher.keyFingerprint(kept)
  }

  /// What an index file holds: its files and locations in the order they were written, which
  /// is by path and by fingerprint for an index this herald wrote.
  struct Index {
    var store: String
    var compactedSize: Int
    var files: [(path: String, entry: FileEntry)]
    var locations: [(fingerprint: Fingerprint, location: Location)]
  }

  static func readIndex(_ sealed: UnsafeRawBufferPointer, identity: String)
    throws(BinaryFormatError) -> Index
  {
    // An index whose checksum does not match is no index: any flipped byte could point an entry
    // at another's bytes or a file at another's content.
    guard let bytes = Checksum.opened(sealed) else { throw BinaryFormatError() }
    var reader = BinaryReader(bytes)
    guard try reader.string() == magic, try reader.string() == identity else {
      throw BinaryFormatError()
    }
    let store = try reader.string()
    guard store.hasPrefix("store-"), !store.contains("/") else { throw BinaryFormatError() }
    let compactedSize = try reader.int()
    var files: [(path: String, entry: FileEntry)] = []
    let fileCount = try reader.count()
    files.reserveCapacity(fileCount)
    for _ in 0..<fileCount {
      let path = try reader.string()
      let signature = FileSignature(
        device: try reader.uint64(), inode: try reader.uint64(), size: try reader.int64(),
        modified: try reader.int64(), changed: try reader.int64())
      files.append(
        (
          path,
          FileEntry(
            signature: signature, content: try reader.fingerprint(), isRacy: try reader.bool())
        ))
    }
    var locations: [(fingerprint: Fingerprint, location: Location)] = []
    let count = try reader.count()
    locations.reserveCapacity(count)
    for _ in 0..<count {
      let fingerprint = try reader.fingerprint()
      let offset = try reader.uint64()
      let length = try reader.uint64()
      guard offset <= UInt64(Int.max / 2), length <= UInt64(Int.max / 2) else {
        throw BinaryFormatError()
      }
      locations.append((fingerprint, Location(offset: Int(offset), count: Int(length))))
    }
    guard reader.isAtEnd else { throw BinaryFormatError() }
    return Index(
      store: store, compactedSize: compactedSize, files: files, locations: locations)
  }

  /// The index's bytes; `files` must be sorted by path (bytewise) and `locations` by
  /// fingerprint, so the same cache is written the same way.
  static func indexBytes(_ index: Index, identity: String) -> [UInt8] {
    // About 60 bytes for each file and 30 for each location: one allocation, not twenty.
    var writer = BinaryWriter(capacity: 64 * index.files.count + 32 * index.locations.count + 256)
    writer.write(magic)
    writer.write(identity)
    writer.write(index.store)
    writer.write(index.compactedSize)
    writer.write(UInt64(index.files.count))
    for (path, entry) in index.files {
      writer.write(path)
      writer.write(entry.signature.device)
      writer.write(entry.signature.inode)
      writer.write(entry.signature.size)
      writer.write(entry.signature.modified)
      writer.write(entry.signature.changed)
      writer.write(entry.content)
      writer.write(entry.isRacy)
    }
    writer.write(UInt64(index.locations.count))
    for (fingerprint, location) in index.locations {
      writer.write(fingerprint)
      writer.write(UInt64(location.offset))
      writer.write(UInt64(location.count))
    }
    return Checksum.sealed(writer.bytes)
  }
}
