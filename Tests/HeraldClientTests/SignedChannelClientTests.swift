import Foundation
import HeraldClient
import HeraldCore
import HeraldProtocol
import HeraldRender
import HeraldSigning
import HeraldTestSupport
import Testing

/// HeraldClient reading a signed channel over HTTP (DESIGN §9): the highest generation accepted is
/// kept with the cache, so a replayed older statement fails open in a later launch, and only
/// rows that were verified serve the archive then.
@Suite("HeraldClient and a signed channel")
struct SignedChannelClientTests {
  static let now = Timestamp(seconds: 1_796_040_000)

  /// The statement over the served example channel, signed at a time by a key.
  static func statement(
    _ server: ChannelServer, signedAt: Timestamp, key: Ed25519PrivateKey
  ) throws -> [UInt8] {
    let manifests = ChannelManifests(
      site: try exampleSite(),
      options: BuildOptions(now: now, baseURL: server.baseURL.absoluteString))
    let prefix = server.baseURL.absoluteString
    var documents: [String: ChannelStatement.Document] = [:]
    // As a build signs: every document but the content-addressed copies, which a reader checks
    // against their canonical path's entry.
    for (url, bytes) in try manifests.documents()
    where !url.dropFirst(prefix.count).hasPrefix("api/v1/objects/") {
      documents[String(url.dropFirst(prefix.count))] = ChannelStatement.Document(
        sha256: SHA256Digest.hex(bytes), bytes: bytes.count)
    }
    let payload = ChannelStatement(
      channel: "com.example.linewise", signedAt: signedAt, validFor: 30 * 86_400,
      documents: documents
    ).documentBytes
    let signature = try key.sign(
      SignedEnvelope.pae(payloadType: SignedEnvelope.statementType, payload: payload))
    return SignedEnvelope(
      payload: payload,
      signatures: [SignedEnvelope.Signature(keyID: key.publicKey.keyID, signature: signature)]
    ).documentBytes
  }

  static func client(
    _ server: ChannelServer, storage: any HeraldStorage, keys: HeraldChannelKeys?
  ) -> Herald {
    Herald(
      channel: server.baseURL, platform: "ios", appVersion: "1.8.0", userID: "ada",
      configuration: HeraldConfiguration(
        timeout: 60, storage: storage, clock: HeraldFixedClock(now), channelKeys: keys))
  }

  @Test("a replayed older statement fails open in the next launch; a new install has no history")
  func rollbackAcrossLaunches() async throws {
    let key = try Ed25519PrivateKey.generate()
    let keys = HeraldChannelKeys(channel: "com.example.linewise", keys: [key.publicKey.base64])
    let server = try ChannelServer(site: try exampleSite(), now: Self.now, objects: true)
    let newer = try Self.statement(server, signedAt: Self.now, key: key)
    let older = try Self.statement(
      server, signedAt: Timestamp(seconds: Self.now.seconds - 86_400), key: key)
    let storage = HeraldMemoryStorage()

    server.inject(.body(newer), at: "/api/v1/signed.json")
    let first = await Self.client(server, storage: storage, keys: keys).refresh()
    #expect(first.freshness == .fresh)
    #expect(first.wall?.id == "sunset-1-8")

    server.inject(.body(older), at: "/api/v1/signed.json")
    let replayed = await Self.client(server, storage: storage, keys: keys).refresh()
    guard case .cached(let failure) = replayed.freshness else {
      Issue.record("a replay is a failure, with the verified cache standing in: \(replayed)")
      return
    }
    #expect(failure.reason == .rollback)
    #expect(replayed.wall == nil, "nothing interrupts after a failure")
    #expect(replayed.archive.map(\.id) == first.archive.map(\.id))

    let newInstall = await Self.client(server, storage: HeraldMemoryStorage(), keys: keys).refresh()
    #expect(newInstall.freshness == .fresh, "an install that accepted nothing takes the older one")
  }

  @Test("an app that pins no keys reads the channel as before, statement or not")
  func unpinned() async throws {
    let server = try ChannelServer(site: try exampleSite(), now: Self.now)
    server.inject(.body(Array("not a statement".utf8)), at: "/api/v1/signed.json")
    let state = await Self.client(server, storage: HeraldMemoryStorage(), keys: nil).refresh()
    #expect(state.freshness == .fresh)
    #expect(state.wall?.id == "sunset-1-8")
    #expect(server.requests(for: "/api/v1/signed.json").isEmpty, "it is not even fetched")
  }
}
