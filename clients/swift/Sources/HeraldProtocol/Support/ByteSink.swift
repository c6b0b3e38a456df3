/// Where a document's bytes are written: a buffer that, given somewhere to hand them on, passes
/// them on in pieces as it fills, so a document of many megabytes is never whole in memory.
package struct ByteSink {
  /// The bytes written and not handed on yet.
  package var bytes: [UInt8]
  private let handOn: (([UInt8]) -> Void)?

  /// How many bytes gather before they are handed on as a piece.
  package static let pieceSize = 1 << 18

  /// How many bytes a sink that hands on its pieces has room for from the start: a record's page
  /// (a few kilobytes) is written without the buffer growing, and so being copied, five times.
  package static let startingCapacity = 1 << 14

  /// A sink that keeps everything: the bytes are the whole document.
  package init(bytes: [UInt8] = []) {
    self.bytes = bytes
    handOn = nil
  }

  /// A sink that keeps everything, with room for `capacity` bytes before it grows.
  package init(capacity: Int) {
    bytes = []
    bytes.reserveCapacity(capacity)
    handOn = nil
  }

  /// A sink that hands its bytes on in pieces, in order, each once it fills.
  package init(handingOnTo handOn: @escaping ([UInt8]) -> Void) {
    bytes = []
    bytes.reserveCapacity(Self.startingCapacity)
    self.handOn = handOn
  }

  /// Appends bytes made elsewhere, without a copy when nothing is written yet.
  package mutating func write(_ more: [UInt8]) {
    if bytes.isEmpty { bytes = more } else { bytes.append(contentsOf: more) }
  }

  /// Hands on what is written so far once it fills a piece; writers call it between the items of
  /// a long list.
  package mutating func handOnIfFull() {
    guard bytes.count >= Self.pieceSize, let handOn else { return }
    handOn(bytes)
    bytes.removeAll(keepingCapacity: true)
  }
}
