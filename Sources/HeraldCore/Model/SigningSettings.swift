/// `signing:` in herald.yaml (DESIGN §9): the channel's id, the public keys apps pin, the keys a
/// wall also needs a signature by, and how long a statement stays valid.
package struct SigningSettings: Sendable, Hashable {
  /// The channel's id, which apps pin with its keys: a statement for another channel is refused.
  package var channel: String
  /// The raw 32-byte Ed25519 public keys whose signatures apps believe, in herald.yaml's order.
  package var keys: [[UInt8]]
  /// The keys (each also in `keys`) of which one must sign a statement that covers a wall.
  package var wallKeys: [[UInt8]]
  /// How long a statement is valid after it is signed, in seconds.
  package var validFor: Int64
  /// Where herald.yaml writes `signing`, for the messages about it.
  package var position: SourcePosition

  /// A statement's validity unless herald.yaml says otherwise: a week, so a weekly scheduled
  /// rebuild that fails once leaves a day to notice.
  package static let defaultValidity: Int64 = 7 * 86_400
  /// The shortest validity: a statement must outlive the CDN's caching of it.
  package static let shortestValidity: Int64 = 3600
  /// The longest validity: a replayed statement is believed until it expires.
  package static let longestValidity: Int64 = 366 * 86_400
  /// How far ahead of the machine's clock a signed build's time may be: a statement's generation
  /// is its time, and apps refuse every lower one after accepting it.
  package static let largestClockLead: Int64 = 86_400

  /// Makes settings.
  package init(
    channel: String, keys: [[UInt8]], wallKeys: [[UInt8]] = [],
    validFor: Int64 = SigningSettings.defaultValidity, position: SourcePosition = .start
  ) {
    self.channel = channel
    self.keys = keys
    self.wallKeys = wallKeys
    self.validFor = validFor
    self.position = position
  }

  /// Whether a text is a channel id: 1 to 128 ASCII letters, digits, `.`, `-` and `_`, starting
  /// with a letter or a digit (`com.example.app`, `example-whats-new`).
  package static func isChannelID(_ text: String) -> Bool {
    let scalars = text.unicodeScalars
    func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
    guard (1...128).contains(scalars.count), let first = scalars.first, isAlphanumeric(first)
    else { return false }
    return scalars.allSatisfy { isAlphanumeric($0) || $0 == "." || $0 == "-" || $0 == "_" }
  }
}
