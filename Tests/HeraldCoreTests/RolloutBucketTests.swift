import HeraldCore
import HeraldTestSupport
import Testing

@Suite("Rollout buckets: the table every client shares")
struct RolloutBucketTests {
  @Test("conformance/buckets.json has ASCII, non-ASCII, empty and long ids")
  func tableCoversTheCases() {
    let cases = BucketTable.shared.cases
    #expect(cases.count >= 12)
    #expect(cases.contains { $0.stableID.isEmpty } && cases.contains { $0.salt.isEmpty })
    #expect(cases.contains { $0.stableID.unicodeScalars.contains { !$0.isASCII } })
  }

  @Test("each bucket is the table's", arguments: BucketTable.shared.cases)
  func bucket(_ entry: BucketCase) {
    #expect(RolloutBucket.of(salt: entry.salt, stableID: entry.stableID) == entry.bucket)
  }

  /// A Swift String made of the table's code units holds U+FFFD for a lone surrogate.
  ///
  /// Issue 46, item 10: Kotlin bucketed a lone surrogate as "?", JavaScript as U+FFFD.
  @Test(
    "a stable id with a lone surrogate buckets as U+FFFD",
    arguments: BucketTable.shared.loneSurrogates)
  func loneSurrogate(_ entry: SurrogateBucketCase) {
    #expect(BucketTable.shared.loneSurrogates.count >= 3)
    let stableID = String(decoding: entry.stableIDUTF16, as: UTF16.self)
    #expect(RolloutBucket.of(salt: entry.salt, stableID: stableID) == entry.bucket)
  }
}
