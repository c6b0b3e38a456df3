import Foundation
import HeraldClient
import HeraldCore
import HeraldRender
import Synchronization

/// One decision made by `HeraldClient` itself, for `explain` and `diff`: from a local site's
/// channel, built in memory exactly as `herald build` writes it, or from a deployed channel.
///
/// So what herald reports is what an app decides, through the same code.
struct ClientRun: Sendable {
  /// The state the app renders.
  let state: HeraldState
  /// The decision behind it, with a reason for every row.
  let decision: ClientDecision

  /// Decides for a local site at a time (with `includeDrafts`, from the channel `serve` builds);
  /// `documents` are the channel's, when the caller built them at that time already.
  static func local(
    site: Site, platform: String, version: Version, now: Timestamp, seen: Set<String>,
    accountCreatedAt: Timestamp?, audience: RolloutAudience = .inside, languages: [String] = [],
    includeDrafts: Bool = false, prepared: PreparedChannel? = nil
  ) throws(DocumentError) -> ClientRun {
    let transport: HeraldMemoryTransport
    if let prepared {
      transport = prepared.transport
    } else {
      transport = HeraldMemoryTransport(
        documents: try Self.documents(site: site, at: now, includeDrafts: includeDrafts))
    }
    let channel = URL(string: site.config.baseURL) ?? URL(fileURLWithPath: "/")
    // Nothing crosses a network, so no deadline: only the decision is asked for.
    return run(
      channel: channel, transport: transport, timeout: .infinity,
      platform: platform, version: version, now: now, seen: seen,
      accountCreatedAt: accountCreatedAt, audience: audience, languages: languages,
      parsed: prepared?.parsed)
  }

  /// A site's channel built once for many decisions (the composer's matrix): its documents, and
  /// the manifests each decision parsed, so that every app's manifest is parsed once.
  struct PreparedChannel: Sendable {
    /// The documents, served with their ETags made once.
    let transport: HeraldMemoryTransport
    let parsed = ParsedDocuments()
    /// Which records each output holds at that time (explain's reasons).
    let delivery: ChannelDelivery

    init(site: Site, at now: Timestamp) throws(DocumentError) {
      transport = HeraldMemoryTransport(hashing: try ClientRun.documents(site: site, at: now))
      delivery = ChannelDelivery(site: site, now: now)
    }
  }

  /// The channel's documents at a time, as `build` writes them, by URL.
  static func documents(site: Site, at now: Timestamp, includeDrafts: Bool = false)
    throws(DocumentError) -> [String: Data]
  {
    try ChannelManifests.documents(
      site: site, options: BuildOptions(now: now, includeDrafts: includeDrafts)
    ).mapValues { Data($0) }
  }

  /// Decides for a deployed channel, asking its server now (the time only sets the client's clock).
  static func remote(
    channel: URL, platform: String, version: Version, now: Timestamp, seen: Set<String>,
    accountCreatedAt: Timestamp?, audience: RolloutAudience = .inside, languages: [String] = [],
    channelKeys: HeraldChannelKeys? = nil
  ) -> ClientRun {
    run(
      channel: channel, transport: HeraldHTTPTransport(), timeout: ClientLimits.defaultTimeout,
      platform: platform, version: version, now: now, seen: seen,
      accountCreatedAt: accountCreatedAt, audience: audience, languages: languages,
      channelKeys: channelKeys)
  }

  /// Decides as an app whose user reads `languages`.
  ///
  /// No languages means the channel's default locale, so that the answer never depends on the
  /// machine herald runs on. A named user is reached by their bucket in each rollout; otherwise
  /// the decision is made as for a user inside (or outside) every rollout.
  private static func run(
    channel: URL, transport: any HeraldTransport, timeout: TimeInterval, platform: String,
    version: Version, now: Timestamp, seen: Set<String>, accountCreatedAt: Timestamp?,
    audience: RolloutAudience, languages: [String], channelKeys: HeraldChannelKeys? = nil,
    parsed: ParsedDocuments? = nil
  ) -> ClientRun {
    let named = audience.stableID
    let user = named ?? "explain"
    let storage = HeraldMemoryStorage()
    var configuration = HeraldConfiguration(
      timeout: timeout, transport: transport, storage: storage, clock: HeraldFixedClock(now),
      preferredLanguages: languages, stableID: named, channelKeys: channelKeys)
    configuration.fixedAudience = named == nil ? audience : nil
    configuration.parsedDocuments = parsed
    let client = Herald(
      channel: channel, platform: platform, appVersion: version.text, userID: user,
      accountCreated: accountCreatedAt, configuration: configuration)
    return waitFor {
      // Seen as of the time decided at: a reminder has not come back yet.
      await ClientStore(storage).markSeen(seen, user: user, at: now)
      let state = await client.refresh()
      return ClientRun(state: state, decision: await client.decision())
    }
  }
}

/// Runs async work to its end from synchronous command code (the command line has one thread of
/// its own to block).
func waitFor<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
  let box = Mutex<Value?>(nil)
  let done = DispatchSemaphore(value: 0)
  Task {
    let value = await work()
    box.withLock { $0 = value }
    done.signal()
  }
  done.wait()
  guard let value = box.withLock({ $0 }) else {
    preconditionFailure("the task finished without a value")
  }
  return value
}
