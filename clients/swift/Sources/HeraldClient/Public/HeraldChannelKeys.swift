import HeraldProtocol

/// The keys an app pins for a signed channel (docs/signing.md): with them, the client believes
/// only what the channel's statement, signed by one of these keys, lists.
///
/// ```swift
/// let keys = HeraldChannelKeys(
///   channel: "com.example.linewise", keys: ["IcoMtAe6LTp3HTy5aLRJ2mS5cFZAr7iQ0RKPEw3bc8c="])
/// let herald = Herald(
///   channel: url, platform: "ios", appVersion: version,
///   configuration: HeraldConfiguration(channelKeys: keys))
/// ```
///
/// A statement that is missing, forged, another channel's, older than one accepted, expired, or a
/// document it does not list is a failure like a network failure (`HeraldFailure.reason` says
/// which): nothing interrupts, and only verified rows serve the archive and the badge. Pin the
/// next key beside the current one before the channel moves to it, so an update is never needed.
public struct HeraldChannelKeys: Sendable, Hashable {
  /// The channel's id (herald.yaml's `signing.channel`).
  public let channel: String
  /// The public keys whose signatures the app believes (base64 of 32 bytes, as
  /// `herald keys generate` prints them).
  ///
  /// A key that is not one is ignored.
  public let keys: [String]
  /// The keys of which one must also have signed a statement for the app to show a wall
  /// (herald.yaml's `signing.wallKeys`); empty when any pinned key may.
  public let wallKeys: [String]

  /// Pins a channel's keys.
  public init(channel: String, keys: [String], wallKeys: [String] = []) {
    self.channel = channel
    self.keys = keys
    self.wallKeys = wallKeys
  }

  /// The keys as the protocol checks them.
  var trust: ChannelTrust {
    ChannelTrust(
      channel: channel, keys: keys.compactMap(PublicKeyText.raw),
      wallKeys: wallKeys.compactMap(PublicKeyText.raw))
  }
}
