import Foundation
import HeraldClient
import HeraldCore

/// HeraldClient's adapter for `conformance/run-cases` (docs/client-protocol.md, "Running the cases
/// against a port"): for each request line, a new client with the case's input, its cache seeded
/// as given, whose requests for the channel go to the runner's server; one line of state back.
enum ConformanceAdapter {
  /// Answers every line of standard input until it ends.
  static func run() async {
    while let line = readLine(strippingNewline: true) {
      guard !line.isEmpty else { continue }
      let answer: JSONValue
      do {
        let request = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
        answer = .object(["state": try await state(for: request)])
      } catch {
        answer = .object(["error": .string("\(error)")])
      }
      // Herald's JSON has newlines only between tokens (a string escapes its own): one line each.
      var bytes = answer.documentBytes.dropLast().map { $0 == 0x0A ? 0x20 : $0 }
      bytes.append(0x0A)
      FileHandle.standardOutput.write(Data(bytes))
    }
  }

  /// A request that is not what the runner sends.
  struct Malformed: Error, CustomStringConvertible {
    let field: String
    var description: String { "the request has no valid \(field)" }
  }

  private static func state(for request: JSONValue) async throws -> JSONValue {
    func string(_ value: JSONValue?, _ field: String) throws -> String {
      guard case .string(let text)? = value else { throw Malformed(field: field) }
      return text
    }
    func strings(_ value: JSONValue?, _ field: String) throws -> [String] {
      guard case .array(let items)? = value else { throw Malformed(field: field) }
      return try items.map { try string($0, field) }
    }
    guard case .object(let fields) = request, case .object(let input)? = fields["input"],
      case .object(let cached)? = fields["cached"]
    else { throw Malformed(field: "input") }
    let channel = try string(fields["channel"], "channel")
    let server = try string(fields["server"], "server")
    guard case .integer(let milliseconds)? = fields["timeoutMilliseconds"] else {
      throw Malformed(field: "timeoutMilliseconds")
    }
    let storage = HeraldMemoryStorage()
    let store = ClientStore(storage)
    for (url, body) in cached {
      guard let address = URL(string: url) else { throw Malformed(field: "cached") }
      let text = try string(body, "cached")
      await store.keep(
        ClientStore.CachedDocument(body: text, etag: "\"earlier\"", lastModified: nil),
        for: address)
    }
    guard let now = Timestamp(try string(input["now"], "input.now")),
      let base = URL(string: channel)
    else { throw Malformed(field: "input.now") }
    let user = "conformance"
    for (id, time) in try marks(input) {
      await store.markSeen([id], user: user, at: time ?? now)
    }
    let account = try input["accountCreatedAt"].flatMap { value -> Timestamp? in
      if case .null = value { return nil }
      guard let time = Timestamp(try string(value, "input.accountCreatedAt")) else {
        throw Malformed(field: "input.accountCreatedAt")
      }
      return time
    }
    let client = Herald(
      channel: base, platform: try string(input["platform"], "input.platform"),
      appVersion: try string(input["version"], "input.version"), userID: user,
      accountCreated: account,
      configuration: HeraldConfiguration(
        timeout: Double(milliseconds) / 1000,
        transport: RoutingTransport(from: channel, to: server, transport: HeraldHTTPTransport()),
        storage: storage, clock: HeraldFixedClock(now),
        preferredLanguages: try strings(input["languages"], "input.languages"),
        stableID: try input["stableID"].map { try string($0, "input.stableID") } ?? user,
        channelKeys: await HeraldChannelKeys.pinned(by: input["signing"], store: store)))
    return await client.refresh().conformanceJSON
  }
}

/// The case's seen ids with the times of those `seenAt` gives (the others are seen as of the
/// case's time).
private func marks(_ input: [String: JSONValue]) throws -> [String: Timestamp?] {
  var times: [String: JSONValue] = [:]
  if case .object(let given)? = input["seenAt"] { times = given }
  guard case .array(let ids)? = input["seen"] else {
    throw ConformanceAdapter.Malformed(field: "input.seen")
  }
  var marks: [String: Timestamp?] = [:]
  for case .string(let id) in ids {
    guard case .string(let text)? = times[id] else {
      marks[id] = .some(nil)
      continue
    }
    guard let time = Timestamp(text) else {
      throw ConformanceAdapter.Malformed(field: "input.seenAt")
    }
    marks[id] = time
  }
  return marks
}

/// Sends every request for the channel's URLs to the runner's server instead, the path kept.
struct RoutingTransport: HeraldTransport {
  let from: String
  let to: String
  let transport: HeraldHTTPTransport

  func fetch(_ request: HeraldRequest) async -> HeraldResponse {
    let text = request.url.absoluteString
    guard text.hasPrefix(from), let routed = URL(string: to + text.dropFirst(from.count)) else {
      return await transport.fetch(request)
    }
    return await transport.fetch(
      HeraldRequest(
        url: routed, etag: request.etag, lastModified: request.lastModified,
        timeout: request.timeout))
  }
}
