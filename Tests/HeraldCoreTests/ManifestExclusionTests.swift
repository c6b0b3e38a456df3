import HeraldCore
import HeraldTestSupport
import Testing

@Suite("ManifestExclusion: the shortcut a build takes agrees with the rule")
struct ManifestExclusionTests {
  @Test("a record excludesEveryRelease says is out is out of every release's manifest")
  func everyReleaseAgrees() throws {
    let now = Timestamp(seconds: 1_796_040_000)
    var generator = SplitMix64(seed: 0x00E1_D1E5)
    let versions = try ["0.9", "1.0.0", "1.5", "1.9.9", "2.0.0-beta.1", "2.0.0", "10.0"].map {
      try Version(parsing: $0)
    }
    var excluded = 0
    for index in 0..<2_000 {
      func time() -> Timestamp {
        Timestamp(seconds: now.seconds + Int64(generator.next() % 200_000) - 100_000)
      }
      let minimum = generator.next() % 3 == 0 ? versions[Int(generator.next() % 7)] : nil
      let maximum = generator.next() % 3 == 0 ? versions[Int(generator.next() % 7)] : nil
      let record = Announcement(
        id: "r\(index)", title: "t", severity: .info, kind: .notice,
        range: VersionRange(minimum: minimum, maximum: maximum),
        platforms: generator.next() % 2 == 0 ? ["ios"] : nil, active: generator.next() % 5 != 0,
        draft: generator.next() % 7 == 0, publishAt: time(),
        expiresAt: generator.next() % 2 == 0 ? time() : nil)
      guard ManifestExclusion.excludesEveryRelease(record, now: now) else { continue }
      excluded += 1
      for version in versions {
        for drafts in [false, true] {
          #expect(
            ManifestExclusion.reason(
              for: record, platform: "ios", version: version, now: now, includeDrafts: drafts)
              != nil, "\(record.id) at \(version)")
        }
      }
    }
    #expect(excluded > 100)
  }
}
