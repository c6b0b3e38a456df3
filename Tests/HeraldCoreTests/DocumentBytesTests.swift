import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@Suite("A document's bytes: one strict rule for every client (conformance/malformed.json)")
struct DocumentBytesTests {
  @Test("the table is there, and the limits are conformance/limits.json's")
  func tableIsThere() throws {
    #expect(MalformedTable.shared.refused.count >= 20 && MalformedTable.shared.accepted.count >= 5)
    let url = Fixtures.packageRoot.appending(path: "conformance/limits.json")
    let limits = try JSONDecoder().decode([String: JSONValue].self, from: Data(contentsOf: url))
    #expect(limits["maximumBodySize"] == .integer(ClientLimits.maximumBodySize))
    #expect(limits["maximumDepth"] == .integer(ClientLimits.maximumDepth))
    #expect(limits["defaultTimeout"] == .integer(Int(ClientLimits.defaultTimeout)))
    #expect(limits["minimumRemindAfter"] == .integer(ClientLimits.minimumRemindAfter))
    #expect(limits["maximumRemindAfter"] == .integer(ClientLimits.maximumRemindAfter))
    let transport = try JSONDecoder().decode(
      [String: JSONValue].self,
      from: Data(contentsOf: Fixtures.packageRoot.appending(path: "conformance/transport.json")))
    #expect(transport["acceptEncoding"] == .string(ClientLimits.acceptEncoding))
    #expect(
      transport["readableEncodings"]
        == .array(ClientLimits.readableEncodings.sorted().map(JSONValue.string)))
  }

  @Test("refused as a manifest and as a channel", arguments: MalformedTable.shared.refused)
  func refuses(_ body: MalformedBody) {
    #expect(DocumentBytes.problem(in: body.bytes) != nil)
    guard case .failure = ManifestDocument.decode(body.bytes) else {
      Issue.record("\(body.name) was read as a manifest")
      return
    }
    guard case .failure = ChannelIndex.decode(body.bytes) else {
      Issue.record("\(body.name) was read as a channel")
      return
    }
  }

  @Test("read, keeping the rows an app can read", arguments: MalformedTable.shared.accepted)
  func accepts(_ body: MalformedBody) throws {
    #expect(DocumentBytes.problem(in: body.bytes) == nil)
    let document = try ManifestDocument.decode(body.bytes).get()
    #expect(document.announcements.map(\.id) == body.ids)
  }
}
