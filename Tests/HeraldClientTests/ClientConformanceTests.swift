import Foundation
import HeraldClient
import HeraldCore
import HeraldProtocol
import HeraldTestSupport
import Testing

/// A conformance case file, read.
struct ConformanceCase: CustomTestStringConvertible, Sendable {
  let file: String
  let document: JSONValue
  var testDescription: String { file }

  /// A case file without the keys docs/client-protocol.md lists.
  struct Malformed: Error, CustomStringConvertible {
    let file: String
    var description: String { "\(file) is not a conformance case" }
  }

  static func all() -> [ConformanceCase] {
    let folder = ConformanceCases.folder.appending(path: "cases")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
      guard let data = FileManager.default.contents(atPath: folder.appending(path: name).path),
        let document = try? JSONDecoder().decode(JSONValue.self, from: data)
      else { return nil }
      return ConformanceCase(file: name, document: document)
    }
  }
}

extension JSONValue {
  subscript(_ key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }
}

@Suite("Client conformance: the language-neutral cases of conformance/client/")
struct ClientConformanceTests {
  @Test("the checked-in cases are the ones the rules give now (RECORD_GOLDEN=1 regenerates)")
  func casesAreCurrent() throws {
    let generated = try ConformanceCases.generate()
    let folder = ConformanceCases.folder
    if Fixtures.recording {
      try? FileManager.default.removeItem(at: folder.appending(path: "cases"))
      try? FileManager.default.removeItem(at: folder.appending(path: "channels"))
      for (path, value) in generated {
        let url = folder.appending(path: path)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(value.documentBytes).write(to: url)
      }
    }
    #expect(generated.count >= 62, "at least 60 cases and their channels")
    for (path, value) in generated {
      let onDisk = FileManager.default.contents(atPath: folder.appending(path: path).path)
      #expect(
        onDisk == Data(value.documentBytes), "\(path) is stale: RECORD_GOLDEN=1 to regenerate")
    }
  }

  @Test("HeraldClient reaches every case's expected state", arguments: ConformanceCase.all())
  func swiftClient(_ test: ConformanceCase) async throws {
    let expected = try #require(test.document["expected"])
    #expect(try await Self.state(of: test).document == expected.document, "\(test.file)")
  }

  @Test("HeraldClient passes every case over a real network, through conformance/run-cases")
  func overTheNetwork() throws {
    guard let python = HeraldProcess.onPath("python3") else {
      print("skipping the network run of the cases: python3 is not installed")
      return
    }
    let adapter = HeraldProcess.executable.deletingLastPathComponent()
      .appending(path: "HeraldConformanceAdapter")
    let runner = Fixtures.packageRoot.appending(path: "conformance/run-cases")
    let run = try HeraldProcess.run(
      [runner.path, "--", adapter.path], timeLimit: 600, program: python)
    let count = ConformanceCase.all().count
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(
      run.stdout.hasSuffix("\(count) of \(count) conformance cases passed\n"), "\(run.stdout)")
  }

  /// Runs a case through HeraldClient: its channel from a fake network with its faults, its cache
  /// and seen list, its clock; the state in conformance form.
  static func state(of test: ConformanceCase) async throws -> JSONValue {
    let document = test.document
    let channelName = try #require(document["channel"]?.string)
    let channelURL = ConformanceCases.folder.appending(path: "channels/\(channelName).json")
    let channel = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: channelURL))
    let base = try #require(channel["baseURL"]?.string)
    guard case .object(let faults)? = document["faults"],
      case .array(let cached)? = document["cached"], let input = document["input"]
    else { throw ConformanceCase.Malformed(file: test.file) }
    var bodies: [String: Data] = [:]
    if case .object(let texts)? = channel["documentText"] {
      for (path, text) in texts { bodies[base + path] = Data((text.string ?? "").utf8) }
    } else if case .object(let documents)? = channel["documents"] {
      for (path, value) in documents { bodies[base + path] = Data(value.documentBytes) }
    }
    var responses: [String: HeraldResponse] = [:]
    for (path, fault) in faults {
      if case .integer(let status)? = fault["status"] {
        responses[base + path] = .failed(.status(status))
      } else if fault["timeout"] != nil {
        responses[base + path] = .failed(.timedOut)
      } else if fault["network"] != nil {
        responses[base + path] = .failed(.network("refused"))
      } else if fault["cut"] != nil {
        // Over a real network a body cut short is a failed connection, one over the limit too large.
        responses[base + path] = .failed(.network("cut short"))
      } else if fault["oversized"] != nil {
        responses[base + path] = .failed(.tooLarge(ClientLimits.maximumBodySize))
      } else if fault["contentEncoding"] != nil || fault["contentLengthDelta"] != nil
        || fault["trailing"] != nil
      {
        // What the transport makes of a label or a length (the network run checks it): the
        // document as built, or a failure.
        if ConformanceCases.readsWhole(fault) { continue }
        responses[base + path] = .failed(.unreadable("not read whole"))
      } else if let body = fault["body"]?.string {
        responses[base + path] = .ok(
          body: Data(body.utf8), etag: nil, lastModified: nil, maxAge: nil)
      } else if let body = fault["bodyBase64"]?.string.flatMap({ Data(base64Encoded: $0) }) {
        responses[base + path] = .ok(body: body, etag: nil, lastModified: nil, maxAge: nil)
      }
    }
    let storage = HeraldMemoryStorage()
    let store = ClientStore(storage)
    for case .string(let path) in cached {
      guard let url = URL(string: base + path), let body = bodies[base + path] else { continue }
      await store.keep(
        ClientStore.CachedDocument(
          body: String(decoding: body, as: UTF8.self), etag: "\"earlier\"", lastModified: nil),
        for: url)
    }
    let now = try #require(input["now"]?.string.flatMap(Timestamp.init))
    let user = "conformance"
    if case .array(let ids)? = input["seen"] {
      // An id seen at no given time is seen as of the case's time.
      for id in ids.compactMap(\.string) {
        let time = input["seenAt"]?[id]?.string.flatMap(Timestamp.init) ?? now
        await store.markSeen([id], user: user, at: time)
      }
    }
    var languages: [String] = []
    if case .array(let list)? = input["languages"] { languages = list.compactMap(\.string) }
    let keys = await HeraldChannelKeys.pinned(by: input["signing"], store: store)
    let client = Herald(
      channel: try #require(URL(string: base)), platform: try #require(input["platform"]?.string),
      appVersion: try #require(input["version"]?.string), userID: user,
      accountCreated: input["accountCreatedAt"]?.string.flatMap(Timestamp.init),
      // A case is about what is decided, not how fast: with every case at once on two cores, a
      // refresh can wait its turn for longer than an app's deadline.
      configuration: HeraldConfiguration(
        timeout: 3600, transport: HeraldMemoryTransport(documents: bodies, faults: responses),
        storage: storage, clock: HeraldFixedClock(now),
        preferredLanguages: languages, stableID: input["stableID"]?.string ?? user,
        channelKeys: keys))
    return await client.refresh().conformanceJSON
  }
}
