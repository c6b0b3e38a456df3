import Foundation
import HeraldTestSupport
import Testing

@Suite("A planned file is found by its path")
struct PlanLookupTests {
  @Test("every file of the plan, and nothing else", arguments: RenderedSite.folders)
  func lookup(folder: URL) throws {
    let renderer = try RenderedSite(folder: folder).renderer
    #expect(!renderer.plan.isEmpty)
    for file in renderer.plan {
      #expect(renderer.file(at: file.path)?.path == file.path)
      // A path's prefix or extension is another path, not this one.
      #expect(renderer.file(at: file.path + "x") == nil)
      #expect(renderer.file(at: String(file.path.dropLast())) == nil)
    }
    #expect(renderer.file(at: "") == nil)
    #expect(renderer.file(at: "\u{10FFFF}") == nil)
  }
}
