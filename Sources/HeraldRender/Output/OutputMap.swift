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
  private static let magic = "herald-map-5"

  /// The files, with their paths relative to the output, sorted by path (bytewise), no path
  /// twice: looked up by a search, or by place when a plan lists the same paths in the same
  /// order (an edit's rebuild), never through a table of 9,400 paths made for each build.
  let sorted: [Ordered]

  /// The paths, in order.
  var paths: [String] { sorted.map(\.path) }

  /// Where a path is in `sorted`, by binary search.
  func place(of path: String) -> Int? {
    let low = lowerBound(of: path)
    return low < sorted.count && sorted[low].path == path ? low : nil
  }

  /// The first place in `sorted` whose path does not precede `path`, by binary search.
  func lowerBound(of path: String) -> Int { sorted.lowerBoundBytewise(of: path) { $0.path } }

  /// The entry of a path.
  func entry(at path: String) -> Entry? { place(of: path).map { sorted[$0].entry } }

  /// Reads the map of an output, when it was made with the same key.
  static func read(output: String, keyIdentifier: Fingerprint) -> OutputMap? {
    guard let bytes = FileSystem.read(output + "/" + fileName) else { return nil }
    return OutputMap(bytes: bytes, keyIdentifier: keyIdentifier)
  }

  /// Removes an output's map (a missing one is no error): once files are being moved in, it no
  /// longer lists the tree, and a build that finds no map lists the disk.
  static func remove(from output: String) throws(FileSystemError) {
    try FileSystem.removeTree(output + "/" + fileName)
  }

  /// A file's path and entry, as the map file lists them.
  typealias Ordered = (path: String, entry: Entry)

  /// Puts a map's sealed bytes in place, in one step (a temporary name, then a rename).
  static func place(_ bytes: [UInt8], output: String) throws(FileSystemError) {
    let temporary = output + "/" + fileName + ".new"
    try FileSystem.write(bytes, to: temporary)
    try FileSystem.rename(temporary, to: output + "/" + fileName)
  }

  /// A map's file, given its entries sorted by path with no path twice, sealed with their
  /// checksum.
  static func sealed(_ sorted: [Ordered], keyIdentifier: Fingerprint) -> [UInt8] {
    var writer = BinaryWriter(capacity: 72 * sorted.count + 64)
    writer.write(Self.magic)
    writer.write(keyIdentifier)
    // A loop of its own, not the generic list writer, which is not specialized across modules (a
    // thousand instructions an entry).
    writer.write(UInt64(sorted.count))
    for item in sorted {
      writer.write(item.path)
      write(item.entry, into: &writer)
    }
    return writer.sealed().bytes
  }

  /// Writes an entry: its fingerprint, then its numbers in words of eight bytes.
  private static func write(_ entry: Entry, into writer: inout BinaryWriter) {
    writer.write(entry.fingerprint)
    writer.writeWord(UInt64(bitPattern: entry.size))
    writer.writeWord(UInt64(bitPattern: entry.modified))
    writer.writeWord(UInt64(bitPattern: entry.changed))
    writer.writeWord(entry.inode)
  }
}

extension OutputMap {
  /// A map of these entries, in any order; of a path given twice, the later entry.
  init(_ entries: [Ordered]) {
    let isSorted = zip(entries, entries.dropFirst()).allSatisfy {
      $0.path.precedesBytewise($1.path)
    }
    guard !isSorted else {
      self.init(sorted: entries)
      return
    }
    let table = Dictionary(entries, uniquingKeysWith: { _, later in later })
    self.init(sorted: table.map { (path: $0.key, entry: $0.value) }.sortedBytewise { $0.path })
  }
}

extension OutputMap {
  /// The entries, read into the table one by one (through the generic `list`, which is not
  /// specialized across modules, an entry took twice the instructions).
  private static func entries(_ reader: inout BinaryReader) throws(BinaryFormatError)
    -> [Ordered]
  {
    let count = try reader.count()
    var sorted: [Ordered] = []
    sorted.reserveCapacity(count)
    for _ in 0..<count {
      let path = try reader.string()
      // A path that leaves the output (a hostile or damaged map) makes the whole map unusable,
      // and so does one out of order or twice (the searches rely on the order).
      guard !path.isEmpty, !path.hasPrefix("/"), !path.climbsUp,
        sorted.last.map({ $0.path.precedesBytewise(path) }) ?? true
      else { throw BinaryFormatError() }
      sorted.append(
        (
          path,
          Entry(
            fingerprint: try reader.fingerprint(), size: Int64(bitPattern: try reader.word()),
            modified: Int64(bitPattern: try reader.word()),
            changed: Int64(bitPattern: try reader.word()), inode: try reader.word())
        ))
    }
    return sorted
  }

  /// The map in a map file's bytes, when it was made with the same key.
  init?(bytes: [UInt8], keyIdentifier: Fingerprint) {
    let read = bytes.withUnsafeBytes { sealed -> OutputMap? in
      // A map whose checksum does not match is none: the build renders and compares every file.
      guard let buffer = Checksum.opened(sealed) else { return nil }
      var reader = BinaryReader(buffer)
      guard (try? reader.string()) == Self.magic, (try? reader.fingerprint()) == keyIdentifier,
        let sorted = try? Self.entries(&reader), reader.isAtEnd
      else { return nil }
      return OutputMap(sorted: sorted)
    }
    guard let read else { return nil }
    self = read
  }
}
