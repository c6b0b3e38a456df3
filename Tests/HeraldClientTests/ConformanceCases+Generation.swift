import Foundation
import HeraldClient
import HeraldContent
import HeraldCore
import HeraldProtocol
import HeraldRender
import HeraldTestSupport

extension ConformanceCases {
  /// Every file of `conformance/client/`, as generated now: channel documents per time, and one
  /// case per spec with its expected state.
  static func generate() throws -> [String: JSONValue] {
    let loaded = try SiteLoader(siteDirectory: site.path).load()
    guard let site = loaded.site() else {
      throw SiteLoadError.unreadable("the conformance site has errors: \(loaded.diagnostics)")
    }
    var files: [String: JSONValue] = [:]
    var channels: [String: [Edition: ChannelManifests]] = [:]
    for (name, time) in nows {
      guard let now = Timestamp(time) else { continue }
      var documents: [String: JSONValue] = [:]
      var base = ""
      for edition in Edition.all(site.config) {
        let manifests = ChannelManifests(
          site: site, options: BuildOptions(now: now), edition: edition)
        channels[name, default: [:]][edition] = manifests
        base = manifests.baseURL
        for (url, bytes) in try manifests.documents(objects: false) {
          documents[String(url.dropFirst(manifests.baseURL.count))] = try JSONDecoder().decode(
            JSONValue.self, from: Data(bytes))
        }
      }
      files["channels/channel-\(name).json"] = .object([
        "baseURL": .string(base), "documents": .object(documents),
      ])
    }
    files["channels/signed-n0.json"] = try signedChannel()
    files["channels/\(objectChannel).json"] = try channelWithObjects()
    for var spec in specs() {
      guard let editions = channels[spec.now] else { continue }
      let channel = spec.readsObject == nil ? "channel-\(spec.now)" : objectChannel
      let documents = values(of: files["channels/\(channel).json"])
      if let (path, replacement) = spec.replacing {
        let body = String(decoding: replacement(documents).documentBytes, as: UTF8.self)
        spec.faults[path] = .object(["body": .string(body)])
      }
      placeObjectFaults(&spec, documents: documents)
      files["cases/\(spec.name).json"] = try caseFile(spec, editions: editions, config: site.config)
    }
    return files
  }

  /// The edition a spec's languages read (DESIGN §6), and whether its own index is readable:
  /// when it is not, the client reads the root's channel instead.
  private static func edition(_ spec: Spec, config: SiteConfig) -> Edition {
    let edition = Edition.reached(by: spec.languages, in: config)
    let index = "api/v1/\(edition.api)index.json"
    guard !edition.isRoot, spec.faults[index] != nil, !spec.cached.contains(index) else {
      return edition
    }
    return .root(config)
  }

  /// A case: its inputs and the state DESIGN §5 gives them.
  private static func caseFile(
    _ spec: Spec, editions: [Edition: ChannelManifests], config: SiteConfig
  ) throws -> JSONValue {
    let edition = edition(spec, config: config)
    guard let now = Timestamp(spec.clock ?? nows.first { $0.0 == spec.now }?.1 ?? ""),
      let version = Version(spec.version), let manifests = editions[edition]
    else { throw SiteLoadError.unreadable("bad spec \(spec.name)") }
    guard let reference = try manifests.release(platform: spec.platform, version: version) else {
      // A platform the channel does not have: nothing, in the channel's language.
      return caseJSON(
        spec, now: now, account: spec.accountCreatedAt.flatMap(Timestamp.init),
        state: HeraldState(
          decision: .nothing, seen: Set(spec.seen),
          freshness: .unavailable(.unreadable("no such platform")), manifest: nil,
          nextChangeAt: nil, locale: edition.locale))
    }
    let rows = try ManifestDocument.decode(Data(reference.documentBytes)).get().announcements
    let listed =
      manifests.site.config.platform(spec.platform)?.releases.contains(version) ?? false
    let folder = "api/v1/\(edition.api)\(spec.platform)/"
    let manifestPath = folder + (listed ? "\(version.canonical).json" : "live.json")
    // An index served in place of the built one (a hostile or older channel) is read.
    let indexFailed =
      spec.faults["api/v1/index.json"] != nil && spec.replacing?.path != "api/v1/index.json"
    var indexRead = !indexFailed || spec.cached.contains("api/v1/index.json")
    // The document's own nextChangeAt (per document: its platform's and range's records only).
    let built = try manifests.documents(objects: false)[manifests.baseURL + manifestPath]
    let read = built.flatMap { try? ManifestDocument.decode(Data($0)).get() }
    // Where the app asks for the manifest: its object when the index names one it can use; and
    // not at all when the copy it holds is that object (its bytes never change).
    var readPath = manifestPath
    var asks = true
    if spec.readsObject == true, let built {
      readPath = ObjectNaming.path(of: built)
      asks = !spec.cached.contains(manifestPath)
    }
    var nextChangeAt = read?.nextChangeAt
    var source: ManifestSource
    if !indexRead {
      source = .unavailable(.status(503))
    } else if asks, let fault = spec.faults[readPath], !Self.readsWhole(fault) {
      // A body the client reads as this platform's manifest (a hostile but well-formed one) is
      // decided from, unless it is not the object the index names; any other fault fails open.
      if readPath == manifestPath, let body = fault["body"]?.string,
        case .success(let served) = ManifestDocument.decode(Data(body.utf8)),
        served.platform == spec.platform
      {
        source = .fresh(served.rows(for: version, now: now))
        nextChangeAt = served.nextChangeAt
      } else {
        source =
          spec.cached.contains(manifestPath) ? .cached(rows, .timedOut) : .unavailable(.timedOut)
      }
    } else {
      source = .fresh(rows)
    }
    if let (stage, reason) = spec.signed?.failure {
      switch stage {
      case .statement:
        source = .unavailable(.statement(reason))
        indexRead = false
      case .manifest: source = .unavailable(.statement(reason))
      case .rows: source = .cached(rows, .statement(reason))
      }
    }
    var marks: [String: Timestamp?] = [:]
    for id in spec.seen { marks[id] = .some(spec.seenAt[id].flatMap(Timestamp.init)) }
    let seen = DecisionRules.stillSeen(marks, rows: source.rows, now: now)
    let account = spec.accountCreatedAt.flatMap(Timestamp.init)
    // Every adapter buckets a case without a stable id by its user, "conformance".
    let decision = DecisionRules.decide(
      source, now: now, seen: seen, accountCreatedAt: account,
      audience: .user(spec.stableID ?? "conformance"))
    let freshness: HeraldState.Freshness
    switch source {
    case .fresh: freshness = .fresh
    case .cached(_, let failure): freshness = .cached(HeraldFailure(failure))
    case .unavailable(let failure): freshness = .unavailable(HeraldFailure(failure))
    }
    var scope: ManifestDocument<ManifestRow>.Scope? = listed ? .release : .live
    if case .unavailable = source { scope = nil }
    if case .unavailable = source { nextChangeAt = nil }
    let state = HeraldState(
      decision: decision, seen: seen, freshness: freshness, manifest: scope,
      nextChangeAt: nextChangeAt, locale: indexRead ? edition.locale : nil)
    return caseJSON(spec, now: now, account: account, state: state)
  }

  /// Whether a fault still gives the reader the document as built: a Content-Encoding it reads,
  /// or bytes sent past the Content-Length (conformance/transport.json).
  static func readsWhole(_ fault: JSONValue) -> Bool {
    if let label = fault["contentEncoding"]?.string {
      return ClientLimits.readableEncodings.contains(label.lowercased())
    }
    return fault["trailing"] != nil
  }

  /// A case file's JSON.
  private static func caseJSON(
    _ spec: Spec, now: Timestamp, account: Timestamp?, state: HeraldState
  )
    -> JSONValue
  {
    var input: [String: JSONValue] = [
      "platform": .string(spec.platform), "version": .string(spec.version),
      "now": .string(now.rfc3339), "seen": .array(spec.seen.sorted().map(JSONValue.string)),
      "accountCreatedAt": .optional(account?.rfc3339),
      "languages": .array(spec.languages.map(JSONValue.string)),
    ]
    if let stableID = spec.stableID { input["stableID"] = .string(stableID) }
    if !spec.seenAt.isEmpty { input["seenAt"] = .object(spec.seenAt.mapValues(JSONValue.string)) }
    if let pinning = spec.signed?.pinning { input["signing"] = pinning }
    return .object([
      "name": .string(spec.name),
      "description": .string(spec.description),
      "channel": .string(
        spec.signed?.channel ?? (spec.readsObject == nil ? "channel-\(spec.now)" : objectChannel)),
      "input": .object(input),
      "faults": .object(spec.faults),
      "cached": .array(spec.cached.map(JSONValue.string)),
      "expected": state.conformanceJSON,
    ])
  }
}
