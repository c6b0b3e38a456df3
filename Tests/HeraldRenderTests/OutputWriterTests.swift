import Foundation
import HeraldCore
import HeraldFiles
import HeraldTestSupport
import Testing

@testable import HeraldRender

private struct RenderFailure: Error {}

/// The paths a build rendered, from whichever threads rendered them.
private final class RenderedPaths: @unchecked Sendable {
  private let lock = NSLock()
  private var paths: [String] = []

  func add(_ path: String) { lock.withLock { paths.append(path) } }

  /// The paths rendered since the last call, sorted; starts afresh.
  func take() -> [String] {
    lock.withLock {
      defer { paths = [] }
      return paths.sorted()
    }
  }
}

/// A site folder and an output folder beside it, and a writer between them.
private struct WriterFixture {
  let root: TemporaryDirectory
  var output: String { root.path("public") }
  var writer: OutputWriter {
    OutputWriter(outputDirectory: output, siteDirectory: root.path("site"))
  }

  init() throws {
    root = try TemporaryDirectory()
    try root.write("site/herald.yaml", "title: t\n")
  }

  func tree() throws -> FileTree {
    var tree = try FileTree.read(URL(fileURLWithPath: output))
    tree.files[".herald-lock"] = nil
    return tree
  }

  /// Builds the planned files with the output map of `key`, each file's bytes `one <path>`; the
  /// paths it rendered, sorted.
  func rendered(
    _ planned: [OutputWriter.Planned], map key: Fingerprint
  ) throws -> [String] {
    let rendered = RenderedPaths()
    _ = try writer.write(
      planned, force: false, map: key, prepare: { _ in },
      render: { path, sink in
        rendered.add(path)
        sink.write(Array("one \(path)".utf8))
      })
    return rendered.take()
  }
}

@Suite("The output writer: staged, journaled, never half-written")
struct OutputWriterTests {
  static let files = ["index.html", "feed.xml", "a/b/page.html", "assets/x.css"]

  @Test("a render that fails part-way leaves the previous output byte for byte")
  func failureChangesNothing() throws {
    let fixture = try WriterFixture()
    _ = try fixture.writer.write(Self.files, force: false) { Array("one \($0)".utf8) }
    let before = try fixture.tree()
    #expect(
      throws: RenderFailure.self,
      performing: {
        _ = try fixture.writer.write(Self.files + ["new.html"], force: false) { path in
          if path == "feed.xml" { throw RenderFailure() }
          return Array("two \(path)".utf8)
        }
      })
    #expect(try fixture.tree().differences(from: before) == nil)
    #expect(!FileManager.default.fileExists(atPath: fixture.output + "/.herald-staging"))
  }

  @Test("a journal left by a build that stopped is completed by the next run")
  func journalIsCompleted() throws {
    let fixture = try WriterFixture()
    _ = try fixture.writer.write(Self.files, force: false) { Array("one \($0)".utf8) }
    // A build that recorded its journal and moved one of two files before it stopped.
    try fixture.root.write("public/.herald-staging/feed.xml", "two feed.xml")
    try fixture.root.write("public/index.html", "two index.html")
    let journal = OutputJournal(puts: ["index.html", "feed.xml"], removals: ["assets/x.css"])
    try journal.record(in: fixture.output)
    let summary = try fixture.writer.write(
      ["index.html", "feed.xml", "a/b/page.html"], force: false
    ) { path in Array((path == "a/b/page.html" ? "one \(path)" : "two \(path)").utf8) }
    #expect(summary == OutputWriter.Summary(written: 0, unchanged: 4, removed: 0))
    let tree = try fixture.tree()
    #expect(tree.files["feed.xml"] == Array("two feed.xml".utf8))
    #expect(tree.files["assets/x.css"] == nil)
    #expect(!FileManager.default.fileExists(atPath: fixture.output + "/assets"))
    #expect(!FileManager.default.fileExists(atPath: fixture.output + "/.herald-journal"))
  }

  /// The map the next build reads is the tree before the build that stopped; what that build's
  /// journal put in place must still be found, or it is never removed.
  @Test("a file a completed journal added, which the next plan lacks, is removed")
  func journalAdditionsAreRemoved() throws {
    let fixture = try WriterFixture()
    let key = Fingerprint(high: 1, low: 2)
    func planned(_ paths: [String]) -> [OutputWriter.Planned] {
      paths.map { OutputWriter.Planned(path: $0, fingerprint: Fingerprint(high: 3, low: 4)) }
    }
    func build(_ paths: [String]) throws -> OutputWriter.Summary {
      try fixture.writer.write(
        planned(paths), force: false, map: key, prepare: { _ in },
        render: { path, sink in sink.write(Array("one \(path)".utf8)) })
    }
    _ = try build(Self.files)
    // A build that added a page, recorded its journal and was killed: the map was not rewritten.
    try fixture.root.write("public/.herald-staging/c/index.html", "killed c")
    try OutputJournal(puts: ["c"], removals: []).record(in: fixture.output)
    let summary = try build(Self.files)
    #expect(summary.removed == 1)
    #expect(try fixture.tree().files["c/index.html"] == nil)
    #expect(try build(Self.files) == OutputWriter.Summary(written: 0, unchanged: 5, removed: 0))
  }

  @Test("a journal is completed without a build, and nothing else is written")
  func interruptedBuildIsCompleted() throws {
    let fixture = try WriterFixture()
    _ = try fixture.writer.write(Self.files, force: false) { Array("one \($0)".utf8) }
    #expect(try fixture.writer.completeInterruptedBuild() == false)
    let before = try fixture.tree()
    try fixture.root.write("public/.herald-staging/feed.xml", "two feed.xml")
    try OutputJournal(puts: ["feed.xml"], removals: []).record(in: fixture.output)
    #expect(try fixture.writer.completeInterruptedBuild() == true)
    var expected = before
    expected.files["feed.xml"] = Array("two feed.xml".utf8)
    #expect(try fixture.tree().differences(from: expected) == nil)
  }

  @Test("staging left by a build that stopped before its journal is discarded")
  func stagingIsDiscarded() throws {
    let fixture = try WriterFixture()
    _ = try fixture.writer.write(Self.files, force: false) { Array("one \($0)".utf8) }
    try fixture.root.write("public/.herald-staging/index.html", "half")
    let summary = try fixture.writer.write(Self.files, force: false) { Array("one \($0)".utf8) }
    #expect(summary.written == 0)
    #expect(try fixture.tree().files["index.html"] == Array("one index.html".utf8))
    #expect(!FileManager.default.fileExists(atPath: fixture.output + "/.herald-staging"))
  }

  @Test("with --force, links and files in the way are replaced, never written through")
  func neverWritesThroughLinks() throws {
    let fixture = try WriterFixture()
    let elsewhere = try TemporaryDirectory()
    try fixture.root.write("public/notes.txt", "foreign\n")
    try FileManager.default.createSymbolicLink(
      atPath: fixture.output + "/a", withDestinationPath: elsewhere.url.path)
    try fixture.root.write("public/assets", "a file where a folder goes\n")
    _ = try fixture.writer.write(Self.files, force: true) { Array("one \($0)".utf8) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.url.path).isEmpty)
    let tree = try fixture.tree()
    #expect(
      tree.paths == [".herald-output", "a/b/page.html", "assets/x.css", "feed.xml", "index.html"])
  }

  /// The journal now renames relative to the output held open, making sure of each folder once:
  /// a folder of the output that became a link is still replaced, never written through.
  @Test("a rebuild replaces a folder of the output that became a link, never writing through it")
  func rebuildNeverWritesThroughLinks() throws {
    let fixture = try WriterFixture()
    _ = try fixture.writer.write(Self.files, force: false) { Array("one \($0)".utf8) }
    let elsewhere = try TemporaryDirectory()
    try FileManager.default.removeItem(atPath: fixture.output + "/a/b")
    try FileManager.default.createSymbolicLink(
      atPath: fixture.output + "/a/b", withDestinationPath: elsewhere.url.path)
    _ = try fixture.writer.write(Self.files, force: false) { Array("two \($0)".utf8) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.url.path).isEmpty)
    let tree = try fixture.tree()
    #expect(tree.files["a/b/page.html"] == Array("two a/b/page.html".utf8))
    var status = stat()
    #expect(lstat(fixture.output + "/a/b", &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR)
  }

  @Test("files are put in place assets first and entry points last")
  func order() {
    #expect(
      OutputWriter.ordered([
        "index.html", "api/v1/index.json", "announcements/a/index.html", "assets/x.css",
        ".herald-output", "feed.xml", "api/v1/ios/live.json",
      ]) == [
        ".herald-output", "assets/x.css", "announcements/a/index.html", "api/v1/ios/live.json",
        "api/v1/index.json", "feed.xml", "index.html",
      ])
  }

  /// A locale's index listed a manifest not yet in place (a German user on a new release got a
  /// 404 and no wall): every index, each locale's too, now comes after what it lists.
  @Test(
    "every index, feed and archive page is put in place after the files it lists",
    arguments: ["first build", "a new release", "a new locale"])
  func entryPointsLast(_ scenario: String) throws {
    let tree = try FileTree.read(Fixtures.root.appending(path: "sites/locales/expected"))
    let all = tree.paths.filter { !$0.hasPrefix(".herald") }
    let locales = Set(
      all.compactMap { path -> String? in
        let parts = path.split(separator: "/")
        let isIndex = parts.count == 4 && parts[0] == "api" && parts[3] == "index.json"
        return isIndex ? String(parts[2]) : nil
      })
    var existing = Set(all)
    var changed: [String]
    switch scenario {
    case "first build":
      existing = []
      changed = all
    case "a new release":
      changed =
        all.filter { $0.hasSuffix("index.json") || $0.hasSuffix("index.html") }
        + ["api/v1/ios/9.0.0.json"] + locales.map { "api/v1/\($0)/ios/9.0.0.json" }
    default:
      existing = existing.filter { !$0.hasPrefix("api/v1/de/") && !$0.hasPrefix("de/") }
      changed =
        all.filter { $0.hasPrefix("api/v1/de/") || $0.hasPrefix("de/") }
        + ["api/v1/index.json", "index.html", "feed.xml"]
    }
    changed = Array(Set(changed)).sortedBytewise()
    let puts = OutputWriter.ordered(OutputWriter.moves(changed, existing: existing))
    // Where each changed file lands: its own put, or the put of the new folder it moves in with.
    let position = Dictionary(
      uniqueKeysWithValues: changed.map { file in
        (file, puts.firstIndex { $0 == file || file.hasPrefix($0 + "/") } ?? -1)
      })
    #expect(!position.values.contains(-1))
    var checked = 0
    for file in changed {
      guard let rank = OutputWriter.entryPointRank(file), let at = position[file] else { continue }
      let folder = OutputWriter.folder(of: file)
      for other in changed where other != file && (folder.isEmpty || other.hasPrefix(folder + "/"))
      {
        if let otherRank = OutputWriter.entryPointRank(other), otherRank >= rank { continue }
        #expect(position[other, default: .max] < at, "\(scenario): \(file) goes in before \(other)")
        checked += 1
      }
    }
    #expect(checked > 20)
  }

  @Test("the moves found from the top are those of walking each path up from its file")
  func movesFromTheTop() {
    // The rule as first written: every folder up the path that the output lacks and that holds
    // no entry point, the last one found (the topmost) winning.
    func reference(_ changed: [String], existing: Set<String>) -> Set<String> {
      let known = OutputWriter.folders(of: Array(existing))
      let sheltering = OutputWriter.folders(
        of: changed.filter { OutputWriter.entryPointRank($0) != nil })
      return Set(
        changed.map { file in
          guard !existing.contains(file) else { return file }
          var unit = file
          var folder = OutputWriter.folder(of: file)
          while !folder.isEmpty {
            if !known.contains(folder) && !sheltering.contains(folder) { unit = folder }
            folder = OutputWriter.folder(of: folder)
          }
          return unit
        })
    }
    var random = SplitMix64(seed: 31)
    let names = ["a", "b", "api", "v1", "index.html", "feed.xml", "x.json", "index.json"]
    func path() -> String {
      (0...Int.random(in: 0...3, using: &random)).map { _ in names.randomElement(using: &random)! }
        .joined(separator: "/")
    }
    for _ in 0..<300 {
      let existing = Set((0..<Int.random(in: 0...6, using: &random)).map { _ in path() })
      let changed = Array(Set((0..<Int.random(in: 1...12, using: &random)).map { _ in path() }))
        .sortedBytewise()
      #expect(
        Set(OutputWriter.moves(changed, existing: existing))
          == reference(changed, existing: existing), "\(changed) with \(existing)")
    }
  }

  @Test("a folder the output lacks moves in whole; one with files already there is merged")
  func folderMoves() throws {
    #expect(
      Set(
        OutputWriter.moves(
          [
            "announcements/a/index.html", "announcements/b/index.html", "api/v1/index.json",
            "api/v1/ios/1.0.0.json", "api/v1/ios/live.json", "index.html",
          ],
          existing: [])) == ["announcements", "api/v1/index.json", "api/v1/ios", "index.html"],
      "entry points stay files of their own, so they still come last")
    #expect(
      Set(OutputWriter.moves(["a/b/new.html", "a/c/x.html"], existing: ["a/b/old.html"]))
        == ["a/b/new.html", "a/c"])
    #expect(
      Set(
        OutputWriter.moves(
          ["a/b/old.html", "a/c/x.html", "z.html"], existing: ["a/b/old.html", "z.html"]))
        == ["a/b/old.html", "a/c", "z.html"], "a changed file already in place moves alone")
    let fixture = try WriterFixture()
    _ = try fixture.writer.write(Self.files, force: false) { Array("one \($0)".utf8) }
    // A journal that moves a folder whose destination has appeared meanwhile: merged, not lost.
    try fixture.root.write("public/.herald-staging/n/one.html", "staged one")
    try fixture.root.write("public/.herald-staging/n/deep/two.html", "staged two")
    try fixture.root.write("public/n/other.html", "already there")
    try OutputJournal(puts: ["n"], removals: []).record(in: fixture.output)
    let contents = [
      "n/one.html": "staged one", "n/deep/two.html": "staged two", "n/other.html": "already there",
    ]
    _ = try fixture.writer.write(Self.files + contents.keys.sorted(), force: false) { path in
      Array((contents[path] ?? "one \(path)").utf8)
    }
    let tree = try fixture.tree()
    #expect(tree.files["n/one.html"] == Array("staged one".utf8))
    #expect(tree.files["n/deep/two.html"] == Array("staged two".utf8))
    #expect(tree.files["n/other.html"] == Array("already there".utf8))
    let fresh = try WriterFixture()
    let summary = try fresh.writer.write(Self.files, force: false) { Array("one \($0)".utf8) }
    #expect(summary.written == 5)
    #expect(
      try fresh.tree().paths == [
        ".herald-output", "a/b/page.html", "assets/x.css", "feed.xml", "index.html",
      ])
  }

  @Test("a journal's bytes round-trip, and a torn or hostile one is refused")
  func journalBytes() {
    let journal = OutputJournal(
      puts: ["a\nb.html", "x.css", "d/e/f.html"], removals: ["old.html"],
      numbers: ["x.css": 0, "d/e/f.html": 12], inodes: ["d/e/f.html": 9_876_543_210])
    #expect(OutputJournal(bytes: journal.bytes) == journal)
    #expect(OutputJournal(bytes: Array("X3/../../etc/passwd\0".utf8)) == nil)
    #expect(OutputJournal(bytes: Array("X3/7/../etc/passwd\0".utf8)) == nil)
    #expect(OutputJournal(bytes: Array("X3/-7/x.css\0".utf8)) == nil)
    #expect(OutputJournal(bytes: Array(journal.bytes.dropLast())) == nil)
    #expect(OutputJournal(bytes: Array("P../../etc/passwd\0".utf8)) == nil)
    #expect(OutputJournal(bytes: Array("P/etc/passwd\0".utf8)) == nil)
    #expect(OutputJournal(bytes: Array("F3/../../etc/passwd\0".utf8)) == nil)
    #expect(OutputJournal(bytes: Array("F-1/x.css\0".utf8)) == nil)
    #expect(OutputJournal(bytes: Array("Fx/x.css\0".utf8)) == nil)
    #expect(OutputJournal(bytes: Array("F7\0".utf8)) == nil)
  }

  /// The output has the folders of a file it holds already: a copy of each in staging was made
  /// and removed again for every page a herald.yaml edit rewrote (a fifth of that build).
  @Test("a file that replaces one in place is staged by number, outside copies of its folders")
  func replacedFilesAreStagedByNumber() throws {
    let fixture = try WriterFixture()
    _ = try fixture.writer.write(Self.files, force: false) { Array("one \($0)".utf8) }
    let transaction = try fixture.writer.begin(
      (Self.files + ["n/new.html"]).sortedBytewise().map { OutputWriter.Planned(path: $0) },
      force: false, map: nil)
    for path in ["a/b/page.html", "n/new.html"] {
      let file = try transaction.open(path)
      file.sink.write(Array("two \(path)".utf8))
      try file.close()
    }
    for path in ["index.html", "feed.xml", "assets/x.css"] {
      let file = try transaction.open(path)
      file.sink.write(Array("one \(path)".utf8))
      try file.close()
    }
    let staging = fixture.output + "/.herald-staging"
    #expect(
      try FileTree.read(URL(fileURLWithPath: staging)).paths == [
        ".herald-replacing/0", "n/new.html",
      ])
    #expect(
      try transaction.readCommitted(["a/b/page.html"]) { $1 } == [Array("two a/b/page.html".utf8)])
    #expect(try transaction.commit() == OutputWriter.Summary(written: 2, unchanged: 4, removed: 0))
    let tree = try fixture.tree()
    #expect(tree.files["a/b/page.html"] == Array("two a/b/page.html".utf8))
    #expect(tree.files["n/new.html"] == Array("two n/new.html".utf8))
    #expect(!FileManager.default.fileExists(atPath: staging))
  }

  /// Completes the journal the fixture holds, and expects the tree from `before` with both files'
  /// new bytes (`two <path>`) in place and no staging left.
  private static func expectCompleted(_ fixture: WriterFixture, from before: FileTree) throws {
    #expect(try fixture.writer.completeInterruptedBuild() == true)
    var expected = before
    expected.files["index.html"] = Array("two index.html".utf8)
    expected.files["a/b/page.html"] = Array("two a/b/page.html".utf8)
    #expect(try fixture.tree().differences(from: expected) == nil)
    #expect(!FileManager.default.fileExists(atPath: fixture.output + "/.herald-staging"))
  }

  @Test("a journal that stopped among files staged by number is completed by the next run")
  func numberedJournalIsCompleted() throws {
    let fixture = try WriterFixture()
    _ = try fixture.writer.write(Self.files, force: false) { Array("one \($0)".utf8) }
    let before = try fixture.tree()
    // The first put was done before the stop; the second is still staged by its number.
    try fixture.root.write("public/.herald-staging/.herald-replacing/1", "two a/b/page.html")
    try fixture.root.write("public/index.html", "two index.html")
    try OutputJournal(
      puts: ["index.html", "a/b/page.html"], removals: [],
      numbers: ["index.html": 0, "a/b/page.html": 1]
    ).record(in: fixture.output)
    try Self.expectCompleted(fixture, from: before)
  }

  /// An exchange puts the new file in place and leaves the old one at the staged name until it is
  /// removed: a stop between the two must not exchange them back.
  @Test(
    "a journal that stopped between an exchange and removing the file it replaced is completed"
  )
  func exchangedJournalIsCompleted() throws {
    let fixture = try WriterFixture()
    _ = try fixture.writer.write(Self.files, force: false) { Array("one \($0)".utf8) }
    let before = try fixture.tree()
    let replacing = fixture.output + "/.herald-staging/.herald-replacing/"
    // index.html was exchanged (its old bytes wait at its number); a/b/page.html was not yet.
    try FileManager.default.createDirectory(atPath: replacing, withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      atPath: fixture.output + "/index.html", toPath: replacing + "0")
    try fixture.root.write("public/index.html", "two index.html")
    try fixture.root.write("public/.herald-staging/.herald-replacing/1", "two a/b/page.html")
    func inode(_ path: String) throws -> UInt64 {
      try #require(FileSignature.of(path)).inode
    }
    try OutputJournal(
      puts: ["index.html", "a/b/page.html"], removals: [],
      numbers: ["index.html": 0, "a/b/page.html": 1],
      inodes: [
        "index.html": try inode(fixture.output + "/index.html"),
        "a/b/page.html": try inode(replacing + "1"),
      ]
    ).record(in: fixture.output)
    try Self.expectCompleted(fixture, from: before)
  }

  @Test("the map vouches for a file only while it is the one herald put there")
  func mapVouchesForIntactFiles() throws {
    let fixture = try WriterFixture()
    let key = Fingerprint(high: 1, low: 2)
    let planned = Self.files.map {
      OutputWriter.Planned(path: $0, fingerprint: Fingerprint(high: 3, low: 4))
    }
    #expect(try fixture.rendered(planned, map: key) == Self.files.sorted(), "the first renders all")
    #expect(try fixture.rendered(planned, map: key) == [], "then every file is intact")
    // A file edited by hand is seen, and written again.
    try Data("edited".utf8).write(to: URL(fileURLWithPath: fixture.output + "/a/b/page.html"))
    #expect(try fixture.rendered(planned, map: key) == ["a/b/page.html"])
    #expect(try fixture.tree().files["a/b/page.html"] == Array("one a/b/page.html".utf8))
  }

  @Test(
    "the map vouches for a plan's files when it lists others too, in the plan's order or any other",
    arguments: [false, true])
  func mapListingMoreFiles(sortedPlan: Bool) throws {
    let fixture = try WriterFixture()
    let key = Fingerprint(high: 1, low: 2)
    func planned(_ paths: [String]) -> [OutputWriter.Planned] {
      paths.map { OutputWriter.Planned(path: $0, fingerprint: Fingerprint(high: 3, low: 4)) }
    }
    // Paths before, between and after the plan's, as the documents' copies are in a build's map.
    let others = ["0.txt", "api/copy.json", "b.txt", "zz.txt"]
    _ = try fixture.rendered(planned((Self.files + others).sortedBytewise()), map: key)
    let paths = sortedPlan ? Self.files.sortedBytewise() : Self.files
    #expect(try fixture.rendered(planned(paths), map: key) == [])
  }

  @Test(
    "the map is rewritten only when an entry changes, in the plan's order or any other",
    arguments: [false, true])
  func mapRewrittenOnlyOnChange(sortedPlan: Bool) throws {
    let fixture = try WriterFixture()
    let key = Fingerprint(high: 1, low: 2)
    let paths = sortedPlan ? Self.files.sortedBytewise() : Self.files
    func build(_ fingerprints: [String: Fingerprint] = [:], dropping: String? = nil) throws
      -> (map: FileSignature, rendered: [String])
    {
      let planned = paths.filter { $0 != dropping }.map {
        OutputWriter.Planned(
          path: $0, fingerprint: fingerprints[$0] ?? Fingerprint(high: 3, low: 4))
      }
      let rendered = try fixture.rendered(planned, map: key)
      // The whole signature, not the inode alone: a commit that moves files removes the map
      // first, so its new file may well get the old one's inode.
      return (try #require(FileSignature.of(fixture.output + "/.herald-map")), rendered)
    }
    let first = try build()
    let same = try build()
    #expect(same.rendered == [] && same.map == first.map, "nothing changed: map untouched")
    // Same bytes, new inputs: the file stays, and its entry (its fingerprint) changes.
    let refingerprinted = try build(["feed.xml": Fingerprint(high: 5, low: 6)])
    #expect(refingerprinted.rendered == ["feed.xml"] && refingerprinted.map != same.map)
    let dropped = try build(["feed.xml": Fingerprint(high: 5, low: 6)], dropping: "index.html")
    #expect(dropped.rendered == [] && dropped.map != refingerprinted.map, "one entry fewer")
    let again = try build(["feed.xml": Fingerprint(high: 5, low: 6)], dropping: "index.html")
    #expect(again.rendered == [] && again.map == dropped.map)
  }

  @Test("rendered is told once every file is staged and before any moves, never after a failure")
  func renderedBeforeMoving() throws {
    let fixture = try WriterFixture()
    _ = try fixture.writer.write(Self.files, force: false) { Array("one \($0)".utf8) }
    let before = try fixture.tree()
    let paths = RenderedPaths()
    var told: [(tree: FileTree?, rendered: [String])] = []
    func build(failing: String?) throws {
      _ = try fixture.writer.write(
        Self.files.map { OutputWriter.Planned(path: $0) }, force: false, map: nil,
        prepare: { _ in },
        rendered: {
          // The files in place, without the staging folder that holds the new ones.
          let tree = (try? fixture.tree()).map { whole in
            var inPlace = whole
            inPlace.files = whole.files.filter { !$0.key.hasPrefix(".herald-staging/") }
            return inPlace
          }
          told.append((tree, paths.take()))
        },
        render: { path, sink in
          paths.add(path)
          if path == failing { throw OutputError.io(path, "no") }
          sink.write(Array("two \(path)".utf8))
        })
    }
    #expect(throws: OutputError.self) { try build(failing: "feed.xml") }
    #expect(told.isEmpty, "a failed render is not reported as rendered")
    #expect(try fixture.tree() == before)
    _ = paths.take()
    try build(failing: nil)
    #expect(told.count == 1)
    #expect(told.first?.tree == before, "nothing has moved when it is told")
    #expect(told.first?.rendered == Self.files.sorted(), "every file has been rendered")
    #expect(try fixture.tree() != before)
  }

  @Test(
    "a file rendered in pieces is kept when the same, else rewritten whole (alone: written beside)",
    arguments: [false, true])
  func largeFileInPieces(alone: Bool) throws {
    let fixture = try WriterFixture()
    let planned = [OutputWriter.Planned(path: "big/live.json")]
    func content(_ middle: UInt8) -> [UInt8] {
      (0..<2_000).flatMap { Array(repeating: $0 == 1_500 ? middle : 0x61, count: 500) }
    }
    func build(_ middle: UInt8) throws -> OutputWriter.Summary {
      try fixture.writer.write(
        planned, force: false, map: nil,
        waves: { paths in alone ? paths.map { [$0] } : [paths] }, prepare: { _ in },
        render: { _, sink in
          for index in 0..<2_000 {
            sink.bytes += Array(repeating: index == 1_500 ? middle : 0x61, count: 500)
            sink.handOnIfFull()
          }
        })
    }
    let path = fixture.output + "/big/live.json"
    #expect(content(0x62).count > 2 * ByteSink.pieceSize, "the file is handed on in pieces")
    #expect(try build(0x62).written == 2)
    let signature = FileSignature.of(path)
    #expect(try build(0x62).written == 0, "the same bytes leave the file alone")
    #expect(FileSignature.of(path) == signature)
    #expect(try build(0x63).written == 1, "a byte near the end rewrites it")
    let complete = FileSystem.read(path) == content(0x63)
    #expect(complete, "every byte, the unchanged start included")
  }

  @Test("files are prepared and rendered wave by wave, each wave prepared before it renders")
  func waves() throws {
    let fixture = try WriterFixture()
    let log = EventLog()
    let isPage: (String) -> Bool = { $0.hasSuffix(".html") }
    let summary = try fixture.writer.write(
      Self.files.map { OutputWriter.Planned(path: $0) }, force: false, map: nil,
      waves: { paths in [paths.filter(isPage), paths.filter { !isPage($0) }] },
      prepare: { paths in log.add("prepare " + paths.sorted().joined(separator: " ")) },
      render: { path, sink in
        log.add(path)
        sink.write(Array("one \(path)".utf8))
      })
    #expect(summary.written == Self.files.count + 1)
    let events = log.events
    let prepares = events.indices.filter { events[$0].hasPrefix("prepare") }
    #expect(
      prepares.map { events[$0] } == [
        // The marker is the writer's own: staged at the commit, never rendered.
        "prepare a/b/page.html index.html", "prepare assets/x.css feed.xml",
      ])
    let pages = events.indices.filter { isPage(events[$0]) && !events[$0].hasPrefix("prepare") }
    let others = Self.files.filter { !isPage($0) }.compactMap { events.firstIndex(of: $0) }
    #expect(pages.count == 2 && others.count == 2)
    #expect(pages.allSatisfy { prepares[0] < $0 && $0 < prepares[1] })
    #expect(others.allSatisfy { prepares[1] < $0 })
    #expect(try fixture.tree().files.count == Self.files.count + 1)
  }
}

/// What happened, in the order it happened, from whichever threads.
private final class EventLog: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [String] = []

  func add(_ event: String) { lock.withLock { list.append(event) } }
  var events: [String] { lock.withLock { list } }
}
