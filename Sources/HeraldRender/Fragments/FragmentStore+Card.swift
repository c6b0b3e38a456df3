import HeraldCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FragmentStore {
  /// A record's card: what the card and entry-details partials rendered.
  ///
  /// A card usually holds its details, and they the record's body, verbatim (the default theme's
  /// do), so both are kept as ranges of the card rather than copies: at 10,000 records that is
  /// 17 MB less. It is kept as bytes, as the archive writes it.
  struct Card: Sendable {
    /// The card partial's HTML, as UTF-8.
    let html: [UInt8]
    private let details: Details
    private let body: Range<Int>?

    private enum Details: Sendable {
      /// The details are these bytes of the card.
      case within(Range<Int>)
      /// The card does not hold the details as they are.
      case separate([UInt8])
    }

    /// Keeps a card and its details (both well-formed UTF-8), and the record's body when it is
    /// known; each as a part of the card when the card holds it.
    init(details: [UInt8], html: [UInt8], bodyHTML: String?) {
      self.html = Self.exact(html)
      if let range = Self.range(of: details, in: html) {
        self.details = .within(range)
      } else {
        self.details = .separate(Self.exact(details))
      }
      body = bodyHTML.flatMap { Self.range(of: Array($0.utf8), in: html) }
    }

    /// Keeps a card and its details given as strings.
    init(detailsHTML: String, cardHTML: String, bodyHTML: String?) {
      self.init(details: Array(detailsHTML.utf8), html: Array(cardHTML.utf8), bodyHTML: bodyHTML)
    }

    /// The card partial's HTML.
    var cardHTML: String { String(decoding: html, as: UTF8.self) }

    /// The entry-details partial's HTML, as UTF-8.
    var detailsBytes: [UInt8] {
      switch details {
      case .separate(let bytes): return bytes
      case .within(let range): return Array(html[range])
      }
    }

    /// The entry-details partial's HTML.
    var detailsHTML: String { String(decoding: detailsBytes, as: UTF8.self) }

    /// The record's body as HTML, when the card holds it.
    var bodyHTML: String? { body.map { String(decoding: html[$0], as: UTF8.self) } }

    /// Whether the card holds the record's body (then `bodyHTML` is it).
    var hasBody: Bool { body != nil }

    /// The bytes in storage of their own size: a card just rendered grew by doubling, and the
    /// slack of 10,000 cards was 6 MB at the peak.
    private static func exact(_ bytes: [UInt8]) -> [UInt8] {
      guard bytes.capacity > bytes.count else { return bytes }
      return [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
        count = buffer.initialize(fromContentsOf: bytes)
      }
    }

    /// Where the needle's bytes first occur in the haystack's.
    private static func range(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
      guard !needle.isEmpty else { return nil }
      return haystack.withUnsafeBufferPointer { hay in
        needle.withUnsafeBufferPointer { pin -> Range<Int>? in
          guard let base = hay.baseAddress, let pinBase = pin.baseAddress, pin.count <= hay.count
          else { return nil }
          // libc's memchr finds each place the first byte occurs far faster than a Swift loop
          // looks at every byte; only those places are compared whole.
          let last = hay.count - pin.count
          var start = 0
          while start <= last {
            guard let found = memchr(base + start, Int32(pin[0]), last - start + 1) else {
              return nil
            }
            start = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            if memcmp(base + start, pinBase, pin.count) == 0 { return start..<(start + pin.count) }
            start += 1
          }
          return nil
        }
      }
    }
  }
}
