import HeraldCore

extension BuildSnapshot {
  /// A snapshot's byte form but the output map's checksum, in the memory it was written into.
  ///
  /// The checksum of its whole words is taken already: sealing it once the output map is in
  /// place adds the map's checksum and its own in place and sums only the last bytes, where it
  /// used to copy 1.5 MB three times and sum all of it (at 10,000 records) after the map was
  /// written. A body is sealed once: its copies share that memory.
  package struct Body: Sendable {
    /// The bytes, written so far.
    private var writer: BinaryWriter
    /// The checksum of their whole words, for the sealed length with a map's checksum (the
    /// usual one; a snapshot sealed without one is summed again whole).
    package let running: Checksum.Running

    /// The body written so far by this writer, which no one writes into after.
    init(_ writer: BinaryWriter) {
      var running = Checksum.Running(count: writer.count + 9)
      _ = writer.withUnsafeBytes { running.takeWords($0) }
      self.writer = writer
      self.running = running
    }

    /// Seals the body with the output map's checksum after it and its own (`Checksum.sealed`'s
    /// form), and lends the sealed bytes in place.
    package consuming func sealed<Result>(
      mapChecksum: UInt64?, _ use: (UnsafeRawBufferPointer) -> Result
    ) -> Result {
      writer.write(mapChecksum) { writer, checksum in writer.writeWord(checksum) }
      let running = running
      let checksum = writer.withUnsafeBytes { bytes in
        guard bytes.count == running.count else { return Checksum.of(bytes) }
        return running.finish(UnsafeRawBufferPointer(rebasing: bytes[running.taken...]))
      }
      writer.writeWord(checksum)
      return writer.withUnsafeBytes(use)
    }
  }
}
