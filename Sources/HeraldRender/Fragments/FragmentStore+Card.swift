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
  /// 17 MB less.
  struct Card: Sendable {
    /// The card partial's HTML.
    let cardHTML: String
    private let details: Details
    private let body: Range<Int>?

    private enum Details: Sendable {
      /// The details are these UTF-8 bytes of the card.
      case within(Range<Int>)
      /// The card does not hold the details as they are.
      case separate(String)
    }

    /// Keeps a card and its details, and the record's body when it is known; each as a part of
    /// the card when the card holds it.
    init(detailsHTML: String, cardHTML: String, bodyHTML: String?) {
      self.cardHTML = cardHTML
      if let range = Self.range(of: detailsHTML, in: cardHTML) {
        details = .within(range)
      } else {
        details = .separate(detailsHTML)
      }
      body = bodyHTML.flatMap { Self.range(of: $0, in: cardHTML) }
    }

    /// The entry-details partial's HTML.
    var detailsHTML: String {
      switch details {
      case .separate(let html): return html
      case .within(let range): return part(range)
      }
    }

    /// The record's body as HTML, when the card holds it.
    var bodyHTML: String? { body.map(part) }

    private func part(_ range: Range<Int>) -> String {
      let utf8 = cardHTML.utf8
      let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
      let end = utf8.index(start, offsetBy: range.count)
      return String(decoding: utf8[start..<end], as: UTF8.self)
    }

    /// Where the needle's bytes first occur in the haystack's, as UTF-8 offsets.
    private static func range(of needle: String, in haystack: String) -> Range<Int>? {
      var needle = needle
      var haystack = haystack
      guard !needle.isEmpty else { return nil }
      return haystack.withUTF8 { hay in
        needle.withUTF8 { pin -> Range<Int>? in
          guard let base = hay.baseAddress, let pinBase = pin.baseAddress, pin.count <= hay.count
          else { return nil }
          let first = pin[0]
          for start in 0...(hay.count - pin.count)
          where hay[start] == first && memcmp(base + start, pinBase, pin.count) == 0 {
            return start..<(start + pin.count)
          }
          return nil
        }
      }
    }
  }
}
