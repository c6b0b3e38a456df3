import Foundation
import HeraldProtocol

/// How a client fetches, stores and polls; every part can be replaced.
public struct HeraldConfiguration: Sendable {
  /// How documents are fetched (default: `HeraldHTTPTransport` with `maximumBodySize`).
  public var transport: any HeraldTransport
  /// The longest a whole refresh may take, in seconds: one deadline for the channel index, a
  /// locale's index and the manifest together (default 10 s).
  public var timeout: TimeInterval
  /// Where the last copy of each document, each user's seen marks and the install's id are kept
  /// (default: `HeraldFileStorage`, a folder on disk).
  public var storage: any HeraldStorage
  /// The clock (tests and `herald explain --now` replace it).
  public var clock: any HeraldClock
  /// The longest wait between two polls while the state is observed, whatever the manifest's
  /// `max-age` says (default 5 minutes).
  public var maximumPollInterval: TimeInterval
  /// The languages the user reads, most preferred first (default: `Locale.preferredLanguages`):
  /// a channel with several locales serves the first one they reach along the locale chain
  /// (`fr-CA` reaches `fr`), else its default.
  public var preferredLanguages: [String]
  /// The shortest wait between two polls (default 30 seconds), so a `max-age=0` cannot make the
  /// app poll in a loop.
  public var minimumPollInterval: TimeInterval
  /// The id a rollout's buckets are taken from (DESIGN §5.8).
  ///
  /// Nil (the default) takes the signed-in user's id, else an id this install makes once and
  /// keeps in `storage`. Give your own when the app has one already.
  public var stableID: String?
  /// The keys the app pins when the channel is signed (docs/signing.md); nil (the default) reads
  /// the channel as it is, signed or not.
  public var channelKeys: HeraldChannelKeys?
  /// Decides as for a user inside (or outside) every rollout, whoever the user is (`herald
  /// explain` without `--user`, the app preview); never set by an app.
  package var fixedAudience: RolloutAudience?
  /// Parsed manifests shared with other clients reading the same bytes (the composer's matrix);
  /// never set by an app.
  package var parsedDocuments: ParsedDocuments?

  /// The defaults (each nil argument is one): a 10-second limit on a whole refresh and a 5 MB limit on a decoded body,
  /// documents and seen state on disk, the system clock, polls every 30 s to 5 min, the
  /// device's preferred languages, and no pinned keys.
  ///
  /// `headers` and `userAgent` go with every request of the default transport (an app that gives
  /// its own transport sets them there).
  public init(
    timeout: TimeInterval? = nil, maximumBodySize: Int? = nil, headers: [String: String] = [:],
    userAgent: String? = nil, transport: (any HeraldTransport)? = nil,
    storage: (any HeraldStorage)? = nil, clock: any HeraldClock = HeraldSystemClock(),
    maximumPollInterval: TimeInterval = 300, minimumPollInterval: TimeInterval = 30,
    preferredLanguages: [String] = Locale.preferredLanguages, stableID: String? = nil,
    channelKeys: HeraldChannelKeys? = nil
  ) {
    self.channelKeys = channelKeys
    self.preferredLanguages = preferredLanguages
    self.stableID = stableID
    self.timeout = timeout ?? ClientLimits.defaultTimeout
    self.transport =
      transport
      ?? HeraldHTTPTransport(
        maximumBodySize: maximumBodySize, headers: headers, userAgent: userAgent)
    self.storage = storage ?? HeraldFileStorage()
    self.clock = clock
    self.maximumPollInterval = maximumPollInterval
    self.minimumPollInterval = min(minimumPollInterval, maximumPollInterval)
  }
}
