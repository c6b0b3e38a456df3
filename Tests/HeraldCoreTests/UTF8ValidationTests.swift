import HeraldCore
import HeraldTestSupport
import Testing

@Suite("UTF-8 validation of kept bytes")
struct UTF8ValidationTests {
  @Test(
    "well-formed and ill-formed sequences",
    arguments: [
      ([], true), (Array("plain ASCII, longer than eight bytes".utf8), true),
      (Array("é ü — 😀 中文 and ASCII around them".utf8), true),
      ([0xC3], false), ([0xC0, 0x80], false), ([0xE0, 0x80, 0x80], false),
      ([0xED, 0xA0, 0x80], false), ([0xF4, 0x90, 0x80, 0x80], false),
      ([0xF5, 0x80, 0x80, 0x80], false),
      ([0x80], false), ([0xE2, 0x82], false),
      ([0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0xFF], false),
      ([0xEF, 0xBF, 0xBF], true), ([0xF4, 0x8F, 0xBF, 0xBF], true), ([0x7F], true),
    ] as [([UInt8], Bool)])
  func cases(_ bytes: [UInt8], _ valid: Bool) {
    #expect(UTF8Validation.isValid(bytes) == valid)
  }

  @Test("agrees with the standard library on 200,000 random byte strings")
  func agreesWithStandardLibrary() {
    var generator = SplitMix64(seed: 0x5EED)
    // Mostly ASCII with some high bytes, so that both the fast path and every branch run.
    let alphabet: [UInt8] =
      Array(0x20...0x7E) + [
        0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
      ]
    var disagreements: [[UInt8]] = []
    for _ in 0..<200_000 {
      let length = Int.random(in: 0..<24, using: &generator)
      let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
      let expected = String(validating: bytes, as: UTF8.self) != nil
      if UTF8Validation.isValid(bytes) != expected { disagreements.append(bytes) }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
  }
}
