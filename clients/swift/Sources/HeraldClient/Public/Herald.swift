import Foundation
import HeraldProtocol

/// Herald's reader for an app: fetches the channel, caches it, fails open, and decides what the
/// app shows (DESIGN §5) exactly as `herald explain` does.
///
/// ```swift
/// let herald = Herald(
///   channel: URL(string: "https://example.com/whats-new/")!, platform: "ios", appVersion: "1.10.0",
///   userID: account.id, accountCreatedAt: account.createdAt)
/// for await state in herald.states() { render(state) }
/// ```
///
/// Nothing it does throws into the app or blocks the caller's thread. A wall, a takeover or a
/// dialog comes only from a manifest fetched or revalidated in this launch; after any failure
/// (no network, a timeout, a bad status, bad JSON, an unknown schema version, an oversized body)
/// the cached copy serves the archive and the badge and nothing interrupts.
public actor Herald {
  /// The channel's index, `api/v1/index.json`.
  public nonisolated let indexURL: URL
  /// The platform key, as the channel's herald.yaml names it.
  public nonisolated let platform: String
  /// The app's version, as the app reports it.
  public nonisolated let appVersion: String
  private let configuration: HeraldConfiguration
  private let store: ClientStore
  private let reader: ChannelReader
  private let parsed: ParsedDocuments
  private var user: String
  private var accountCreatedAt: Timestamp?
  /// The last rows read, kept to decide again (a new user, a mark, the clock) without fetching.
  private var last: ChannelReader.Outcome?
  /// The fetch under way, which a second `refresh()` joins rather than fetching again: an actor
  /// lets a second call in while the first waits on the network.
  private var running: Task<ChannelReader.Outcome, Never>?
  /// The streams `states()` feeds, which `close()` ends.
  private var observers: [Int: AsyncStream<HeraldState>.Continuation] = [:]
  private var nextObserver = 0
  /// Whether `close()` was called: nothing is fetched any more.
  private(set) var isClosed = false

  /// The state as last decided.
  public private(set) var state: HeraldState = .empty

  /// Makes a client; nothing is fetched until `refresh()` or `states()`.
  ///
  /// - Parameters:
  ///   - channel: the channel's base URL (its herald.yaml `baseURL`), or its `index.json`.
  ///   - platform: the platform key (`ios`, `android`…).
  ///   - appVersion: the running app's version (`1.10.0`, a hotfix such as `1.9.3.1`, `2.0-beta.1`).
  ///   - userID: the signed-in user (seen state is kept per user); nil for a device without one.
  ///   - accountCreatedAt: when the account was created, for the account-age gate.
  ///   - configuration: transport, storage, clock and polling.
  public init(
    channel: URL, platform: String, appVersion: String, userID: String? = nil,
    accountCreatedAt: Date? = nil, configuration: HeraldConfiguration = HeraldConfiguration()
  ) {
    self.init(
      channel: channel, platform: platform, appVersion: appVersion, userID: userID,
      accountCreated: accountCreatedAt.map(Timestamp.init(date:)), configuration: configuration)
  }

  /// Makes a client with the account's creation to the nanosecond (`herald explain`).
  package init(
    channel: URL, platform: String, appVersion: String, userID: String?,
    accountCreated: Timestamp?, configuration: HeraldConfiguration
  ) {
    indexURL = ChannelReader.indexURL(channel: channel)
    self.platform = platform
    self.appVersion = appVersion
    self.configuration = configuration
    parsed = configuration.parsedDocuments ?? ParsedDocuments()
    let store = ClientStore(configuration.storage)
    self.store = store
    reader = ChannelReader(
      indexURL: indexURL, platform: platform, languages: configuration.preferredLanguages,
      transport: configuration.transport, store: store, timeout: configuration.timeout,
      trust: configuration.channelKeys?.trust)
    user = userID ?? Self.deviceUser
    accountCreatedAt = accountCreated
  }

  /// The seen list of a device without a signed-in user.
  static let deviceUser = "_device"

  /// Fetches the channel (conditionally) and decides again: call it at launch and when the app
  /// comes to the foreground.
  @discardableResult
  public func refresh() async -> HeraldState {
    let now = configuration.clock.timestamp()
    guard let version = Version(appVersion) else {
      let failure = FetchFailure.unreadable("the app version \(appVersion) is not a version")
      last = ChannelReader.Outcome(
        source: .unavailable(failure), scope: nil, nextChangeAt: nil, maxAge: nil, locale: nil)
      return await decide()
    }
    if isClosed { return await decide() }
    if let running {
      last = await running.value
      return await decide()
    }
    let task = Task { [reader, parsed] in
      await reader.read(version: version, now: now, parsed: parsed)
    }
    running = task
    last = await task.value
    running = nil
    return await decide()
  }

  /// Marks a message seen by the current user: the strip when dismissed, the dialog or takeover
  /// when closed.
  ///
  /// A wall is never marked away: it ignores seen state.
  @discardableResult
  public func markSeen(_ id: String) async -> HeraldState {
    await store.markSeen([id], user: user, at: configuration.clock.timestamp())
    return await decide()
  }

  /// Marks every message of the archive seen, when the user opens the archive.
  @discardableResult
  public func markArchiveOpened() async -> HeraldState {
    await store.markSeen(
      Set(state.archive.map(\.id)), user: user, at: configuration.clock.timestamp())
    return await decide()
  }

  /// Switches to another user (sign-in, sign-out, account switch): their own seen list and
  /// account age apply from now on.
  @discardableResult
  public func setUser(_ userID: String?, accountCreatedAt: Date?) async -> HeraldState {
    user = userID ?? Self.deviceUser
    self.accountCreatedAt = accountCreatedAt.map(Timestamp.init(date:))
    return await decide()
  }

  /// Stops everything: streams end, fetching stops, marks are still kept.
  ///
  /// Every `states()` stream ends, a fetch under way is cancelled, and from now on `refresh()`
  /// decides from what the client has without fetching. A client observed until the app ends needs no `close()`; call it when a screen or a test
  /// that made its own client goes away.
  public func close() {
    isClosed = true
    running?.cancel()
    let ended = observers.values
    observers = [:]
    for continuation in ended { continuation.finish() }
  }

  /// Registers a stream for `close()` to end; nil when already closed.
  func register(_ continuation: AsyncStream<HeraldState>.Continuation) -> Int? {
    guard !isClosed else { return nil }
    nextObserver += 1
    observers[nextObserver] = continuation
    return nextObserver
  }

  /// Forgets a stream that ended by itself.
  func unregister(_ key: Int) {
    observers[key] = nil
  }

  /// Decides again from the last rows, at the clock's time, without fetching.
  @discardableResult
  func decide() async -> HeraldState {
    let now = configuration.clock.timestamp()
    guard let last else { return state }
    let seen = await seen(now: now, rows: last.source.rows)
    let decision = DecisionRules.decide(
      last.source, now: now, seen: seen, accountCreatedAt: accountCreatedAt,
      audience: await audience())
    let freshness: HeraldState.Freshness
    switch last.source {
    case .fresh: freshness = .fresh
    case .cached(_, let failure): freshness = .cached(HeraldFailure(failure))
    case .unavailable(let failure): freshness = .unavailable(HeraldFailure(failure))
    }
    state = HeraldState(
      decision: decision, seen: seen, freshness: freshness, manifest: last.scope,
      nextChangeAt: last.nextChangeAt, locale: last.locale)
    return state
  }

  /// The decision behind the state, with the reason for every row (what `herald explain` prints).
  package func decision() async -> ClientDecision {
    let now = configuration.clock.timestamp()
    let seen = await seen(now: now, rows: last?.source.rows ?? [])
    return DecisionRules.decide(
      last?.source ?? .unavailable(.notFetched), now: now, seen: seen,
      accountCreatedAt: accountCreatedAt, audience: await audience())
  }

  /// The ids the user still has seen: a reminder whose time has come is unseen again.
  private func seen(now: Timestamp, rows: [ManifestRow]) async -> Set<String> {
    let marks = await store.seenMarks(user: user, now: now)
    return DecisionRules.stillSeen(marks.mapValues { .some($0) }, rows: rows, now: now)
  }

  /// Whom a rollout's buckets are taken from: the configured id, else the signed-in user, else
  /// the install.
  private func audience() async -> RolloutAudience {
    if let fixed = configuration.fixedAudience { return fixed }
    if let configured = configuration.stableID { return .user(configured) }
    return .user(user == Self.deviceUser ? await store.installID() : user)
  }

  /// How long to wait before the next poll: the manifest's `max-age`, within the configured bounds.
  var pollInterval: TimeInterval {
    let maxAge = last?.maxAge.map(TimeInterval.init) ?? configuration.maximumPollInterval
    return min(max(maxAge, configuration.minimumPollInterval), configuration.maximumPollInterval)
  }

  var clock: any HeraldClock { configuration.clock }
}
