import Foundation
import HeraldTestSupport
import Testing

@testable import HeraldRender

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

  @Test(
    "a wave's files are found in its order: in the plan's order, shuffled, or among strangers",
    arguments: RenderedSite.folders)
  func wave(folder: URL) throws {
    let renderer = try RenderedSite(folder: folder).renderer
    let paths = renderer.plan.map(\.path)
    #expect(renderer.indices(of: paths) == Array(paths.indices))
    var random = SplitMix64(seed: 12)
    for _ in 0..<5 {
      // Some of the plan's paths in any order, with paths that are not in it (passed over)
      // before, after and between them.
      let wanted = paths.shuffled(using: &random).prefix(
        Int.random(in: 0...paths.count, using: &random))
      var asked: [String] = []
      for path in wanted {
        if Bool.random(using: &random) { asked.append(path + "x") }
        asked.append(path)
      }
      asked.append("zz-not-planned")
      let found = renderer.indices(of: asked).map { paths[$0] }
      #expect(found == Array(wanted))
    }
  }
}
