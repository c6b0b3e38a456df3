import HeraldCore
import HeraldTestSupport
import Testing

@Suite("ManifestExclusion: a release's manifest is live.json filtered by range")
struct ManifestExclusionTests {
  /// What an app of an unlisted version filters from live.json is exactly what a listed one gets:
  /// a record is in a release's manifest if and only if it is in live.json and its range holds
  /// the release, and live.json holds no expired record.
  @Test("a record is in a release's manifest exactly when it is live and its range holds it")
  func releaseIsLiveFilteredByRange() throws {
    let now = Timestamp(seconds: 1_796_040_000)
    var generator = SplitMix64(seed: 0x00E1_D1E5)
    let versions = try ["0.9", "1.0.0", "1.5", "1.9.9", "1.9.9.1", "2.0.0-beta.1", "2.0.0", "10.0"]
      .map { try Version(parsing: $0) }
    var reached = 0
    for index in 0..<2_000 {
      func time() -> Timestamp {
        Timestamp(seconds: now.seconds + Int64(generator.next() % 200_000) - 100_000)
      }
      func version() -> Version? {
        generator.next() % 3 == 0 ? versions[Int(generator.next() % UInt64(versions.count))] : nil
      }
      let record = Announcement(
        id: "r\(index)", title: "t", severity: .info, kind: .notice,
        range: generator.next() % 4 == 0
          ? VersionRange(minimum: version(), maximum: nil, below: version())
          : VersionRange(minimum: version(), maximum: version()),
        platforms: generator.next() % 2 == 0 ? ["ios"] : nil, active: generator.next() % 5 != 0,
        draft: generator.next() % 7 == 0, publishAt: time(),
        expiresAt: generator.next() % 2 == 0 ? time() : nil)
      for drafts in [false, true] {
        let live =
          ManifestExclusion.reason(
            for: record, platform: "ios", version: nil, now: now, includeDrafts: drafts) == nil
        if live { #expect(!record.isExpired(at: now), "\(record.id) is expired in live.json") }
        for version in versions {
          let inRelease =
            ManifestExclusion.reason(
              for: record, platform: "ios", version: version, now: now, includeDrafts: drafts)
            == nil
          #expect(
            inRelease == (live && record.range.contains(version)), "\(record.id) at \(version)")
          // The build finds a release's rows among live.json's by the version part alone.
          let outside = ManifestExclusion.versionReason(for: record, version: version)
          #expect((outside == nil) == record.range.contains(version), "\(record.id) at \(version)")
          if live { #expect(inRelease == (outside == nil), "\(record.id) at \(version)") }
          if inRelease { reached += 1 }
        }
      }
    }
    #expect(reached > 500)
  }
}
