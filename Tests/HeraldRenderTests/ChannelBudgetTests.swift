import Foundation
import HeraldContent
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldRender

@Suite("The documents apps read: their sizes, and the budgets on them")
struct ChannelBudgetTests {
  /// The budget judges sizes worked out from the rows, without writing the documents: they must
  /// be the sizes written, to the byte.
  @Test(
    "every document's size is the size written, in every edition", arguments: RenderedSite.folders)
  func sizesAreExact(_ folder: URL) throws {
    let site = try RenderedSite(folder: folder)
    var checked = 0
    for edition in site.renderer.editions {
      for document in try edition.manifests.writer.documentSizes() {
        #expect(
          try site.file(document.path).count == document.bytes,
          "\(folder.lastPathComponent): \(document.path)")
        checked += 1
      }
    }
    #expect(checked >= 3)
  }

  @Test(
    "sizes read as people read them",
    arguments: [
      (900, "900 B"), (1_000, "1 KB"), (512_000, "512 KB"), (999_499, "999 KB"),
      (5_000_000, "5 MB"), (5_213_455, "5.2 MB"), (1_050_000, "1.1 MB"),
    ])
  func readableSizes(_ bytes: Int, _ text: String) {
    #expect(ChannelBudget.size(bytes) == text)
  }

  @Test(
    "manifestBudget takes a size",
    arguments: [
      ("512000", 512_000), ("512 KB", 512_000), ("512kb", 512_000), ("1.5 MB", 1_500_000),
      ("512 KiB", 524_288), ("1 MiB", 1_048_576), ("300 B", 300), ("2M", 2_000_000),
    ])
  func budgetSizes(_ text: String, _ bytes: Int) {
    #expect(SiteConfigDecoder.size(text) == bytes)
  }

  @Test(
    "what is not a size is refused",
    arguments: ["", "big", "1.5", "5 GB", "-1 KB", "1..5 MB", ".5 MB", "5. MB", "512 K B"])
  func notSizes(_ text: String) {
    #expect(SiteConfigDecoder.size(text) == nil)
  }

  /// No output a client reads grows with history: ten thousand records of which twenty are live
  /// give live.json and every release's manifest byte for byte what the twenty alone give.
  @Test("at 10,000 records, 9,980 of them expired, live.json is the size of the 20 live ones")
  func boundedByWhatIsLive() throws {
    func site(records: Int) throws -> TemporaryDirectory {
      let folder = try TemporaryDirectory()
      try folder.write(
        "herald.yaml",
        "title: T\nbaseURL: https://t.example/\nauthor: A\n"
          + "platforms:\n  ios:\n    releases: [1.0.0, 2.0.0]\n")
      for index in 0..<records {
        // The last twenty are live, and the same twenty in both sites.
        let live = index >= records - 20
        let id = live ? "live-\(records - index)" : "old-\(index)"
        try folder.write(
          "content/announcements/\(id).md",
          "---\nid: \(id)\ntitle: Record \(id)\nseverity: INFO\nkind: NOTICE\n"
            + "publishAt: 2026-01-01\n"
            + (live ? "" : "expiresAt: 2026-02-01\n")
            + "---\nThe same body of every record.\n")
      }
      return folder
    }
    let large = try site(records: 10_000)
    let small = try site(records: 20)
    func documents(_ folder: TemporaryDirectory) throws -> [String: [UInt8]] {
      let rendered = try RenderedSite(folder: folder.url)
      var documents: [String: [UInt8]] = [:]
      for path in ["api/v1/ios/live.json", "api/v1/ios/1.0.0.json", "api/v1/ios/2.0.0.json"] {
        documents[path] = try rendered.file(path)
      }
      return documents
    }
    let (many, few) = (try documents(large), try documents(small))
    #expect(many == few)
    #expect(many["api/v1/ios/live.json"]?.count ?? .max < 20_000)
  }
}
