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
    let high = Array(alphabet.suffix(14))
    for round in 0..<200_000 {
      let length = Int.random(in: 0..<(round.isMultiple(of: 2) ? 24 : 100), using: &generator)
      var bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
      if round.isMultiple(of: 2) == false {
        // Long runs of ASCII with a sequence anywhere in them, for the 32- and 8-byte steps.
        bytes = bytes.map { $0 < 0x80 ? $0 : 0x61 }
        if !bytes.isEmpty && Bool.random(using: &generator) {
          let at = Int.random(in: 0..<bytes.count, using: &generator)
          let tail = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
            high.randomElement(using: &generator) ?? 0
          }
          bytes.replaceSubrange(at..<min(bytes.count, at + tail.count), with: tail)
        }
      }
      let expected = String(validating: bytes, as: UTF8.self) != nil
      if UTF8Validation.isValid(bytes) != expected { disagreements.append(bytes) }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
  }
}
