import HeraldCore
import HeraldFiles

/// What each file of an output was made from, kept beside it (`.herald-map`): the fingerprint of
/// its inputs, and the size, modification and change times and inode it had once herald put it
/// in place.
///
/// A file whose inputs have the fingerprint the map holds, and which is still the file herald put
/// there, is not rendered again. It holds fingerprints only (no content), made with the cache's
/// secret key, whose identifier it records: a map from another cache is not read.
struct OutputMap: Sendable {
  /// A file as herald last put it in place.
  struct Entry: Sendable, Equatable {
    let fingerprint: Fingerprint
    let size: Int64
    let modified: Int64
    let changed: Int64
    let inode: UInt64

    init(fingerprint: Fingerprint, signature: FileSignature) {
      self.fingerprint = fingerprint
      size = signature.size
      modified = signature.modified
      changed = signature.changed
      inode = signature.inode
    }

    init(fingerprint: Fingerprint, size: Int64, modified: Int64, changed: Int64, inode: UInt64) {
      self.fingerprint = fingerprint
      self.size = size
      self.modified = modified
      self.changed = changed
      self.inode = inode
    }

    /// Whether a file is still the one herald put in place: the change time too, which no tool
    /// can set back, so a same-size edit whose modification time was restored (`touch -r`) is
    /// still seen.
    func matches(_ signature: FileSignature) -> Bool {
      signature.size == size && signature.modified == modified && signature.inode == inode
        && signature.changed == changed
    }

    /// Whether the file at a path of the output is still the one herald put in place (one
    /// `stat`, relative to the open output folder).
    func isInPlace(_ path: String, in output: OpenFolder?) -> Bool {
      output?.signature(of: path).map(matches) ?? false
    }
  }

  /// The map's file name in the output folder.
  static let fileName = ".herald-map"
  private static let magic = "herald-map-3"

  /// The files, by path relative to the output.
  var entries: [String: Entry]

  /// Reads the map of an output, when it was made with the same key.
  static func read(output: String, keyIdentifier: Fingerprint) -> OutputMap? {
    guard let bytes = FileSystem.read(output + "/" + fileName) else { return nil }
    return OutputMap(bytes: bytes, keyIdentifier: keyIdentifier)
  }

  /// A file's path and entry, as the map file lists them.
  typealias Ordered = (path: String, entry: Entry)

  /// Writes a map, given as its entries sorted by path with no path twice, in one step (a
  /// temporary name, then a rename).
  static func write(_ sorted: [Ordered], output: String, keyIdentifier: Fingerprint)
    throws(FileSystemError)
  {
    var writer = BinaryWriter(capacity: 72 * sorted.count + 64)
    writer.write(Self.magic)
    writer.write(keyIdentifier)
    writer.write(sorted) { writer, item in
      writer.write(item.path)
      writer.write(item.entry.fingerprint)
      writer.write(item.entry.size)
      writer.write(item.entry.modified)
      writer.write(item.entry.changed)
      writer.write(item.entry.inode)
    }
    let temporary = output + "/" + fileName + ".new"
    try FileSystem.write(Checksum.sealed(writer.bytes), to: temporary)
    try FileSystem.rename(temporary, to: output + "/" + fileName)
  }
}

extension OutputMap {
  /// A map of these entries; of a path given twice, the later entry.
  init(_ ordered: [Ordered]) {
    self.init(entries: Dictionary(ordered, uniquingKeysWith: { _, later in later }))
  }
}

extension OutputMap {
  /// The map in a map file's bytes, when it was made with the same key.
  init?(bytes: [UInt8], keyIdentifier: Fingerprint) {
    let read = bytes.withUnsafeBytes { sealed -> OutputMap? in
      // A map whose checksum does not match is none: the build renders and compares every file.
      guard let buffer = Checksum.opened(sealed) else { return nil }
      var reader = BinaryReader(buffer)
      guard (try? reader.string()) == Self.magic, (try? reader.fingerprint()) == keyIdentifier,
        let entries = try? reader.list({ (reader) throws(BinaryFormatError) in
          let path = try reader.string()
          let entry = Entry(
            fingerprint: try reader.fingerprint(), size: try reader.int64(),
            modified: try reader.int64(), changed: try reader.int64(), inode: try reader.uint64())
          return (path, entry)
        }),
        reader.isAtEnd
      else { return nil }
      var map: [String: Entry] = [:]
      map.reserveCapacity(entries.count)
      for (path, entry) in entries {
        // A path that leaves the output (a hostile or damaged map) makes the whole map unusable.
        guard !path.isEmpty, !path.hasPrefix("/"), !path.climbsUp
        else { return nil }
        map[path] = entry
      }
      return OutputMap(entries: map)
    }
    guard let read else { return nil }
    self = read
  }
}
