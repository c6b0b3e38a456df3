import Foundation
import HeraldClient
import HeraldContent
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
    var channels: [String: ChannelManifests] = [:]
    for (name, time) in nows {
      guard let now = Timestamp(time) else { continue }
      let manifests = ChannelManifests(site: site, options: BuildOptions(now: now))
      channels[name] = manifests
      var documents: [String: JSONValue] = [:]
      for (url, bytes) in manifests.documents() {
        documents[String(url.dropFirst(manifests.baseURL.count))] = try JSONDecoder().decode(
          JSONValue.self, from: Data(bytes))
      }
      files["channels/channel-\(name).json"] = .object([
        "baseURL": .string(manifests.baseURL), "documents": .object(documents),
      ])
    }
    for spec in specs() {
      guard let manifests = channels[spec.now] else { continue }
      files["cases/\(spec.name).json"] = try caseFile(spec, manifests: manifests)
    }
    return files
  }

  /// A case: its inputs and the state DESIGN §5 gives them.
  private static func caseFile(_ spec: Spec, manifests: ChannelManifests) throws -> JSONValue {
    guard let now = Timestamp(nows.first { $0.0 == spec.now }?.1 ?? ""),
      let version = Version(spec.version),
      let reference = manifests.release(platform: spec.platform, version: version)
    else { throw SiteLoadError.unreadable("bad spec \(spec.name)") }
    let rows = try ManifestDocument.decode(Data(reference.documentBytes)).get().announcements
    let listed =
      manifests.site.config.platform(spec.platform)?.releases.contains(version) ?? false
    let manifestPath =
      listed
      ? "api/v1/\(spec.platform)/\(version.canonical).json" : "api/v1/\(spec.platform)/all.json"
    let indexFailed = spec.faults["api/v1/index.json"] != nil
    let source: ManifestSource
    if indexFailed && !spec.cached.contains("api/v1/index.json") {
      source = .unavailable(.status(503))
    } else if spec.faults[manifestPath] != nil {
      source =
        spec.cached.contains(manifestPath) ? .cached(rows, .timedOut) : .unavailable(.timedOut)
    } else {
      source = .fresh(rows)
    }
    let seen = Set(spec.seen)
    let account = spec.accountCreatedAt.flatMap(Timestamp.init)
    let decision = DecisionRules.decide(source, now: now, seen: seen, accountCreatedAt: account)
    let freshness: HeraldState.Freshness
    switch source {
    case .fresh: freshness = .fresh
    case .cached(_, let failure): freshness = .cached(failure)
    case .unavailable(let failure): freshness = .unavailable(failure)
    }
    var scope: ManifestDocument<ManifestRow>.Scope? = listed ? .release : .all
    if case .unavailable = source { scope = nil }
    let state = HeraldState(
      decision: decision, seen: seen, freshness: freshness, manifest: scope, nextChangeAt: nil)
    return .object([
      "name": .string(spec.name),
      "description": .string(spec.description),
      "channel": .string("channel-\(spec.now)"),
      "input": .object([
        "platform": .string(spec.platform), "version": .string(spec.version),
        "now": .string(now.rfc3339), "seen": .array(spec.seen.sorted().map(JSONValue.string)),
        "accountCreatedAt": .optional(account?.rfc3339),
      ]),
      "faults": .object(spec.faults),
      "cached": .array(spec.cached.map(JSONValue.string)),
      "expected": state.conformanceJSON,
    ])
  }
}
