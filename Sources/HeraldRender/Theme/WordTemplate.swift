/// A word of the theme with the places of its `{name}`s found once, when the locale's words are
/// read, rather than searched for each time a page fills them in (several times per record).
struct WordTemplate: Sendable, Hashable {
  /// A `{` that a `}` follows: where it is, where the `}` is, and the name between them.
  private struct Place: Sendable, Hashable {
    let open: Int
    let close: Int
    let name: String
  }

  /// The word as written.
  let text: String
  private let bytes: [UInt8]
  /// Every `{` that a `}` follows, in order, even within another such pair: a name without a
  /// value is kept as written, and a `{` inside it may still open one that has a value.
  private let places: [Place]

  /// Finds the places in a word's text.
  init(_ text: String) {
    self.text = text
    let bytes = Array(text.utf8)
    self.bytes = bytes
    var places: [Place] = []
    var close: Int?
    // From the end, so that each `{` knows the first `}` after it.
    for index in bytes.indices.reversed() {
      if bytes[index] == UInt8(ascii: "}") {
        close = index
      } else if bytes[index] == UInt8(ascii: "{"), let close {
        let name = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
        places.append(Place(open: index, close: close, name: name))
      }
    }
    self.places = places.reversed()
  }

  /// The word with its `{name}`s filled in, in one pass.
  ///
  /// A value is never searched again, so a title holding `{count}` stays as written; the text
  /// between names is copied whole.
  func filled(_ values: KeyValuePairs<String, String>) -> String {
    var result: [UInt8] = []
    var runStart = 0
    for place in places where place.open >= runStart {
      guard let value = values.first(where: { $0.key == place.name })?.value else { continue }
      if result.isEmpty { result.reserveCapacity(bytes.count + 32) }
      result.append(contentsOf: bytes[runStart..<place.open])
      result.append(contentsOf: value.utf8)
      runStart = place.close + 1
    }
    guard runStart > 0 else { return text }
    result.append(contentsOf: bytes[runStart...])
    return String(decoding: result, as: UTF8.self)
  }
}
