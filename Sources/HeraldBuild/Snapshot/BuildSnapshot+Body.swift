import HeraldCore

extension BuildSnapshot {
  /// A snapshot's byte form but the output map's checksum, with room for that checksum and its
  /// own, and the checksum of its whole words already taken: sealing it once the output map is in
  /// place (`seal`) adds some twenty bytes and sums only those, where it used to copy 1.5 MB
  /// twice and sum all of it (at 10,000 records) after the map was written.
  package struct Body: Sendable {
    /// The bytes, with room for `room` more.
    package internal(set) var bytes: [UInt8]
    /// The checksum of their whole words, for the sealed length with a map's checksum (the
    /// usual one; a snapshot sealed without one is summed again whole).
    package let running: Checksum.Running

    /// Room for the map's checksum as an optional word (a byte and eight) and the seal's eight.
    static let room = 17

    /// A body whose bytes are these.
    init(_ bytes: [UInt8]) {
      var running = Checksum.Running(count: bytes.count + 9)
      _ = bytes.withUnsafeBytes { running.takeWords($0) }
      self.bytes = bytes
      self.running = running
    }
  }
}
