import Foundation
import HeraldTestSupport
import Testing

/// The cache's database is written without syncs: a crash of the system in the middle of a save
/// can leave any mix of the blocks before and after it, and that must cost time, never correctness.
@Suite("A cache torn by a crash mid-save")
struct TornCacheTests {
  /// What a crash tears apart: a file system's block, a sixteenth of one of SQLite's pages (so a
  /// value can be cut in two, half before the save and half after).
  static let blockSize = 4_096

  @Test(
    "any mix of the database's blocks before and after a save builds what a clean build does",
    arguments: [3, 5] as [UInt64])
  func tornSave(seed: UInt64) throws {
    let example = try CachedExample()
    #expect(try example.build().status == 0)
    let database = try example.database()
    let before = Array(try Data(contentsOf: database))
    try IncrementalBuildTests.edit(
      example.site, IncrementalBuildTests.widgets, "title: Departures on your home screen",
      "title: Widgets")
    // A second record, so the save after it adds more than one row.
    try IncrementalBuildTests.edit(
      example.site, IncrementalBuildTests.sunset,
      "title: This version of Linewise has stopped working",
      "title: This version of Linewise no longer works")
    #expect(try example.build().status == 0)
    let after = Array(try Data(contentsOf: database))
    #expect(before != after)
    let expected = try example.clean()
    var generator = SplitMix64(seed: seed)
    for trial in 0..<8 {
      try Data(Self.mix(before, after, using: &generator)).write(to: database)
      // A new output, so every file is rendered again from what the cache holds.
      try? FileManager.default.removeItem(atPath: example.output)
      let rebuilt = try example.build()
      #expect(rebuilt.status == 0, "trial \(trial): \(rebuilt.stderr)")
      let differences = try example.built().differences(from: expected)
      #expect(differences == nil, "trial \(trial): the output changed")
    }
  }

  /// Each block from one state or the other at random, the file as long as either.
  static func mix(
    _ before: [UInt8], _ after: [UInt8], using generator: inout SplitMix64
  ) -> [UInt8] {
    let length = generator.next() % 2 == 0 ? before.count : after.count
    var torn: [UInt8] = []
    for start in stride(from: 0, to: length, by: blockSize) {
      let end = start + blockSize
      let pick = generator.next() % 2 == 0 ? before : after
      let source = end <= pick.count ? pick : (end <= before.count ? before : after)
      torn += source[start..<min(end, source.count)]
    }
    return torn
  }
}
