import HeraldCore
import Testing

@Suite("herald.yaml's signing")
struct SigningSettingsTests {
  static let key1 = "xyLBw9SzTMoGVc0u1ma8t+MqU5VanbDnKZiDzDqoSnc="
  static let key2 = "ej5mHLjigKBTulDcvXHmEfKhTrIs0od2veKBOGm7FaE="

  func decode(_ signing: [(String, SourceValue)]) -> SiteConfigDecoder.Result {
    SiteConfigDecoder().decode(
      SourceNode(
        .mapping(entries(SiteConfigDecoderTests.valid + [("signing", .mapping(entries(signing)))])),
        at: .start))
  }

  @Test("a channel, keys, wall keys and a validity are read, the validity a week by default")
  func valid() throws {
    let result = decode([
      ("channel", plain("com.example.app")), ("keys", list([Self.key1, Self.key2])),
      ("wallKeys", list([Self.key2])),
    ])
    #expect(result.diagnostics.isEmpty)
    let signing = try #require(result.config?.signing)
    #expect(signing.channel == "com.example.app")
    #expect(signing.keys.map(PublicKeyText.text) == [Self.key1, Self.key2])
    #expect(signing.wallKeys.map(PublicKeyText.text) == [Self.key2])
    #expect(signing.validFor == 7 * 86_400)
    let custom = decode([
      ("channel", plain("c")), ("keys", list([Self.key1])), ("validFor", plain("12h")),
    ])
    #expect(custom.config?.signing?.validFor == 43_200)
  }

  @Test(
    "every mistake is an error, and the channel is not signed with half a setting",
    arguments: [
      ([("keys", list([key1]))], "missing-field"),
      ([("channel", plain("c"))], "missing-field"),
      ([("channel", plain("com example")), ("keys", list([key1]))], "invalid-signing"),
      ([("channel", plain("c")), ("keys", list([]))], "invalid-signing"),
      ([("channel", plain("c")), ("keys", list(["notakey"]))], "invalid-signing"),
      // 33 bytes of base64 and the URL-safe alphabet are not keys either.
      (
        [
          ("channel", plain("c")), ("keys", list(["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"])),
        ],
        "invalid-signing"
      ),
      (
        [
          ("channel", plain("c")), ("keys", list(["xyLBw9SzTMoGVc0u1ma8t-MqU5VanbDnKZiDzDqoSnc="])),
        ],
        "invalid-signing"
      ),
      (
        [("channel", plain("c")), ("keys", list([key1])), ("wallKeys", list([key2]))],
        "invalid-signing"
      ),
      (
        [("channel", plain("c")), ("keys", list([key1])), ("validFor", plain("a week"))],
        "invalid-duration"
      ),
      (
        [("channel", plain("c")), ("keys", list([key1])), ("validFor", plain("30m"))],
        "invalid-signing"
      ),
      (
        [("channel", plain("c")), ("keys", list([key1])), ("validFor", plain("400d"))],
        "invalid-signing"
      ),
      ([("channel", plain("c")), ("keys", list([key1])), ("key", plain("x"))], "unknown-field"),
    ] as [([(String, SourceValue)], String)])
  func mistakes(_ signing: [(String, SourceValue)], _ code: String) {
    let result = decode(signing)
    #expect(result.diagnostics.map(\.code.name).contains(code), "\(result.diagnostics)")
    #expect(result.config?.signing == nil)
  }

  /// A private key pasted where a public key goes must not be printed back into a CI log.
  @Test("a private key among the keys is named as one and never repeated")
  func privateKeyNotEchoed() {
    let secret = "MC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF"
    let result = decode([("channel", plain("c")), ("keys", list([Self.key1, secret]))])
    let diagnostic = result.diagnostics.first
    #expect(diagnostic?.message == "signing.keys item 2 is a private key, not a public key")
    #expect(!result.diagnostics.contains { "\($0.message) \($0.hint ?? "")".contains("MC4C") })
  }

  @Test("a channel id is 1 to 128 letters, digits, dots, hyphens and underscores")
  func channelIDs() {
    for good in ["c", "com.example.app", "Example_News-2", String(repeating: "a", count: 128)] {
      #expect(SigningSettings.isChannelID(good), "\(good)")
    }
    for bad in ["", ".app", "-x", "a b", "é", "a/b", String(repeating: "a", count: 129)] {
      #expect(!SigningSettings.isChannelID(bad), "\(bad)")
    }
  }
}
