import Foundation
import HeraldTestSupport
import Testing

@testable import HeraldContent
@testable import HeraldCore

@Suite("The build cache's byte form of a record reads back as the record")
struct RecordBinaryTests {
  /// Every site the tests have: the example, the golden sites and the invalid ones.
  static let sites: [String] = {
    var folders = [Fixtures.packageRoot.path]
    for group in ["sites", "invalid"] {
      let root = Fixtures.root.appending(path: group)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
      folders += names.sorted().map { root.appending(path: $0).path }
        .filter { FileManager.default.fileExists(atPath: $0 + "/herald.yaml") }
    }
    return folders
  }()

  @Test("every record of every fixture site, valid or not, survives the round trip")
  func roundTrip() throws {
    var count = 0
    for folder in Self.sites {
      guard let loaded = try? SiteLoader(siteDirectory: folder).load() else { continue }
      for record in loaded.records {
        let key = Fingerprint(high: 1, low: 2)
        let read = try record.binary.withUnsafeBytes { try DecodedRecord(binary: $0, key: key) }
        #expect(read.file == record.file)
        #expect(read.id?.text == record.id?.text && read.id?.position == record.id?.position)
        #expect(read.diagnostics == record.diagnostics, "\(record.file)")
        #expect(read.announcement == record.announcement?.keyed(key), "\(record.file)")
        #expect(read.announcement?.body.blocks == record.announcement?.body.blocks)
        count += 1
      }
    }
    #expect(count > 80, "only \(count) records")
  }

  @Test("damaged bytes are refused, never read as another record or a crash")
  func damaged() throws {
    let loaded = try SiteLoader(siteDirectory: Fixtures.packageRoot.path).load()
    let bytes = try #require(loaded.records.first).binary
    for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 40)) {
      let truncated = Array(bytes.prefix(cut))
      #expect(throws: BinaryFormatError.self) {
        _ = try truncated.withUnsafeBytes { try DecodedRecord(binary: $0, key: nil) }
      }
    }
    var state: UInt64 = 7
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 17
    }
    for _ in 0..<500 {
      var noisy = bytes
      noisy[Int(next() % UInt64(noisy.count))] ^= UInt8(truncatingIfNeeded: next() | 1)
      // Either refused or read as some record: never a crash or a hang.
      _ = try? noisy.withUnsafeBytes { try DecodedRecord(binary: $0, key: nil) }
    }
  }
}
