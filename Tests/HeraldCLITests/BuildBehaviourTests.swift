import Foundation
import HeraldTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Modification times and inodes of every file in a tree, to see what a rebuild touched.
private func fileStamps(_ folder: URL) throws -> [String: String] {
  var stamps: [String: String] = [:]
  let root = folder.path
  guard let walker = FileManager.default.enumerator(atPath: root) else { return [:] }
  for case let relative as String in walker {
    let attributes = try FileManager.default.attributesOfItem(atPath: root + "/" + relative)
    guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    stamps[relative] = "\(modified) \(attributes[.systemFileNumber] ?? 0)"
  }
  return stamps
}

@Suite("herald build: reproducible, atomic and cache-friendly")
struct BuildBehaviourTests {
  static let now = ["--now", "2026-11-30T12:00:00Z"]

  @Test("two builds in other folders, time zones, locales and file orders are byte-identical")
  func reproducible() throws {
    let first = try TemporaryDirectory()
    let second = try TemporaryDirectory()
    try SiteCopy.writeExample(to: first)
    try SiteCopy.writeExample(to: second, reversed: true)
    let output = try TemporaryDirectory()
    let one = try HeraldProcess.run(
      ["build", "--site", first.url.path, "--output", output.path("one"), "--quiet"] + Self.now,
      environment: ["TZ": "Pacific/Kiritimati", "LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"])
    let two = try HeraldProcess.run(
      ["build", "--site", second.url.path, "--output", output.path("nested/two"), "--quiet"]
        + Self.now,
      environment: ["TZ": "America/Adak", "LANG": "C", "LC_ALL": "C"])
    #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
    let treeOne = try FileTree.read(output.url.appending(path: "one")).withoutBookkeeping
    let treeTwo = try FileTree.read(output.url.appending(path: "nested/two")).withoutBookkeeping
    #expect(treeOne.files.count > 20)
    #expect(treeOne.differences(from: treeTwo) == nil)
  }

  @Test("SOURCE_DATE_EPOCH sets the time when --now is absent")
  func sourceDateEpoch() throws {
    let output = try TemporaryDirectory()
    let epoch = try HeraldProcess.run(
      ["build", "--output", output.path("epoch"), "--quiet"],
      environment: ["SOURCE_DATE_EPOCH": "1796040000"])  // 2026-11-30T12:00:00Z
    let explicit = try HeraldProcess.run(
      ["build", "--output", output.path("now"), "--quiet"] + Self.now)
    #expect(epoch.status == 0 && explicit.status == 0)
    #expect(
      try FileTree.read(output.url.appending(path: "epoch")).withoutBookkeeping
        .differences(
          from: FileTree.read(output.url.appending(path: "now")).withoutBookkeeping) == nil)
  }

  @Test("a site with an error leaves the previous output byte-identical and exits 1")
  func atomicOnContentError() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let output = site.url.appending(path: "public")
    #expect(
      try HeraldProcess.run(["build", "--site", site.url.path, "--quiet"] + Self.now).status == 0)
    let before = try FileTree.read(output)
    let stampsBefore = try fileStamps(output)
    try site.write(
      "content/announcements/broken.md",
      "---\nid: broken\ntitle: Broken\nseverity: LOUD\nkind: NOTICE\npublishAt: 2026-11-01\n---\n")
    let result = try HeraldProcess.run(["build", "--site", site.url.path] + Self.now)
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(
      result.stderr.contains("content/announcements/broken.md:4:11: error: severity \"LOUD\""))
    #expect(result.stderr.contains("1 error, 0 warnings in 12 announcements; nothing was written"))
    #expect(try FileTree.read(output).differences(from: before) == nil)
    #expect(try fileStamps(output) == stampsBefore)
  }

  /// A build killed while moving its files in leaves the tree mixed; the next build, even one
  /// whose site has an error, finishes it rather than leaving it mixed until the site is fixed.
  @Test("a build with errors still completes the journal of a build that was killed")
  func contentErrorCompletesJournal() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let output = site.url.appending(path: "public")
    #expect(
      try HeraldProcess.run(["build", "--site", site.url.path, "--quiet"] + Self.now).status == 0)
    // What a build killed after its journal leaves: a staged feed, and a journal that puts it.
    try site.write("public/.herald-staging/feed.xml", "<feed>the killed build's</feed>\n")
    try site.write(
      "public/.herald-journal", bytes: Array("Pfeed.xml".utf8) + [0])
    try site.write(
      "content/announcements/broken.md",
      "---\nid: broken\ntitle: Broken\nseverity: LOUD\nkind: NOTICE\npublishAt: 2026-11-01\n---\n")
    let result = try HeraldProcess.run(["build", "--site", site.url.path] + Self.now)
    #expect(result.status == 1)
    #expect(result.stderr.contains("nothing was written"))
    #expect(result.stderr.contains("was completed from its journal"), "\(result.stderr)")
    let tree = try FileTree.read(output)
    #expect(tree.files["feed.xml"] == Array("<feed>the killed build's</feed>\n".utf8))
    #expect(tree.files[".herald-journal"] == nil)
    #expect(!FileManager.default.fileExists(atPath: output.path + "/.herald-staging"))
  }

  @Test("a theme with a broken template leaves the output alone and names the template's line")
  func atomicOnTemplateError() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    #expect(
      try HeraldProcess.run(["build", "--site", site.url.path, "--quiet"] + Self.now).status == 0)
    let before = try FileTree.read(site.url.appending(path: "public"))
    try site.write(
      "themes/default/templates/partials/card.mustache", "<article>\n{{#title}}\n</article>\n")
    let result = try HeraldProcess.run(["build", "--site", site.url.path] + Self.now)
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "themes/default/templates/partials/card.mustache:2:1: error: {{#title}} is never closed"))
    #expect(try FileTree.read(site.url.appending(path: "public")).differences(from: before) == nil)
  }

  @Test("herald refuses to replace a folder it did not write, unless --force")
  func refusesForeignFolder() throws {
    let output = try TemporaryDirectory()
    try output.write("precious/notes.txt", "mine\n")
    let refused = try HeraldProcess.run(
      ["build", "--output", output.path("precious")] + Self.now)
    #expect(refused.status == 74)
    #expect(refused.stderr.contains("is not empty and was not written by herald"))
    #expect(refused.stderr.contains("hint: pass --force"))
    #expect(FileManager.default.fileExists(atPath: output.path("precious/notes.txt")))
    let forced = try HeraldProcess.run(
      ["build", "--output", output.path("precious"), "--force", "--quiet"] + Self.now)
    #expect(forced.status == 0)
    #expect(!FileManager.default.fileExists(atPath: output.path("precious/notes.txt")))
    #expect(FileManager.default.fileExists(atPath: output.path("precious/.herald-output")))
    let site = try HeraldProcess.run(["build", "--output", ".", "--force"] + Self.now)
    #expect(site.status == 74)
    #expect(site.stderr.contains("would replace the site itself"))
  }

  @Test("a rebuild of an unchanged site changes no file's bytes or modification time")
  func unchangedRebuild() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let output = site.url.appending(path: "public")
    #expect(
      try HeraldProcess.run(["build", "--site", site.url.path, "--quiet"] + Self.now).status == 0)
    let stamps = try fileStamps(output)
    let folder = try FileManager.default.attributesOfItem(atPath: output.path)[.systemFileNumber]
    let again = try HeraldProcess.run(["build", "--site", site.url.path] + Self.now)
    #expect(again.status == 0)
    #expect(again.stdout.contains("0 files written, 42 unchanged, 0 removed"))
    #expect(try fileStamps(output) == stamps)
    #expect(
      try FileManager.default.attributesOfItem(atPath: output.path)[.systemFileNumber] as? Int
        == folder as? Int)
  }

  /// A same-size edit with its modification time set back (`touch -r`) kept size, inode and mtime,
  /// so the map called the file unchanged for ever; its change time, which no tool sets back, is
  /// compared too.
  @Test("a same-size hand edit in the output, its mtime restored, is rewritten by the next build")
  func handEditWithRestoredTime() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let output = site.url.appending(path: "public")
    #expect(
      try HeraldProcess.run(["build", "--site", site.url.path, "--quiet"] + Self.now).status == 0)
    // Built twice, so the second build's map holds every file as it now is.
    #expect(
      try HeraldProcess.run(["build", "--site", site.url.path, "--quiet"] + Self.now).status == 0)
    for path in ["api/v1/ios/1.8.0.json", "index.html"] {
      let file = output.path + "/" + path
      let original = try Data(contentsOf: URL(fileURLWithPath: file))
      var status = stat()
      #expect(lstat(file, &status) == 0)
      var edited = Array(original)
      edited[edited.count / 2] = edited[edited.count / 2] == UInt8(ascii: "x") ? 0x79 : 0x78
      // Written in place (same inode), then both times set back to the nanosecond: `touch -r`.
      let descriptor = open(file, O_WRONLY)
      #expect(
        edited.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) } == edited.count)
      close(descriptor)
      let times = [status.st_atim, status.st_mtim]
      #expect(utimensat(AT_FDCWD, file, times, 0) == 0)
      var after = stat()
      #expect(lstat(file, &after) == 0)
      #expect(after.st_mtim.tv_nsec == status.st_mtim.tv_nsec && after.st_ino == status.st_ino)
      let rebuilt = try HeraldProcess.run(["build", "--site", site.url.path] + Self.now)
      #expect(rebuilt.stdout.contains("1 file written"), "\(path): \(rebuilt.stdout)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == original, "\(path)")
    }
  }

  @Test("a one-record edit touches only the files that record appears in")
  func oneRecordEdit() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let output = site.url.appending(path: "public")
    #expect(
      try HeraldProcess.run(["build", "--site", site.url.path, "--quiet"] + Self.now).status == 0)
    let before = try fileStamps(output)
    let record = "content/announcements/widgets-1-10.md"
    let text = try String(contentsOfFile: site.path(record), encoding: .utf8)
    try site.write(
      record,
      text.replacingOccurrences(
        of: "Departures on your home screen", with: "Departures, now on your home screen"))
    let result = try HeraldProcess.run(["build", "--site", site.url.path] + Self.now)
    #expect(result.status == 0)
    let after = try fileStamps(output)
    // The output map changes with the files it describes; it is herald's, not the channel's.
    let changed = Set(after.keys.filter { after[$0] != before[$0] && $0 != ".herald-map" })
    let tree = try FileTree.read(output)
    let containing = Set(
      tree.files.filter { String(decoding: $0.value, as: UTF8.self).contains("Departures, now on") }
        .keys)
    // The channel names the documents' new content-addressed copies, which hold the record too.
    #expect(changed == containing.union(["api/v1/index.json"]))
    let objects = changed.filter { $0.hasPrefix("api/v1/objects/") }
    #expect(
      changed.subtracting(objects) == [
        "index.html", "feed.xml", "announcements/widgets-1-10/index.html", "api/v1/ios/live.json",
        "api/v1/ios/1.10.0.json", "api/v1/ios/1.10.1.json", "api/v1/index.json",
      ])
    // One new copy for each changed document; the copies no document has any more are gone.
    #expect(objects.count == 3)
    #expect(
      after.keys.count { $0.hasPrefix("api/v1/objects/") }
        == before.keys.count { $0.hasPrefix("api/v1/objects/") })
  }

  @Test("the build writes _headers and a summary line, which --quiet silences")
  func summaryAndHeaders() throws {
    let output = try TemporaryDirectory()
    let result = try HeraldProcess.run(["build", "--output", output.path("public")] + Self.now)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout.hasPrefix(
        "built \(output.path("public")) for 2026-11-30T12:00:00Z: 7 published, 1 scheduled, 1 expired, 1 inactive, 1 draft; 42 files written, 0 unchanged, 0 removed in "
      ))
    let headers = try String(contentsOfFile: output.path("public/_headers"), encoding: .utf8)
    #expect(headers.contains("/api/v1/ios/*\n  Cache-Control: public, max-age=300"))
    #expect(headers.contains("/api/v1/index.json\n  Cache-Control: public, max-age=300"))
    #expect(
      headers.contains(
        "/api/v1/objects/*\n  Content-Type: application/json; charset=utf-8\n"
          + "  Cache-Control: public, max-age=31536000, immutable"))
    // Both hosts join a header that two matching rules give: no path gets two Cache-Controls.
    #expect(!headers.contains("/api/*\n  Cache-Control"))
    #expect(
      headers.contains("/assets/herald.css\n  Cache-Control: public, max-age=31536000, immutable"))
    let quiet = try HeraldProcess.run(
      ["build", "--output", output.path("public"), "--quiet"] + Self.now)
    #expect(quiet.status == 0 && quiet.stdout == "" && quiet.stderr == "")
  }

  @Test("--base-url replaces every link, and a bad one is a usage error")
  func baseURL() throws {
    let output = try TemporaryDirectory()
    let result = try HeraldProcess.run(
      ["build", "--output", output.path("p"), "--quiet", "--base-url", "http://localhost:8080/x"]
        + Self.now)
    #expect(result.status == 0)
    let index = try String(contentsOfFile: output.path("p/index.html"), encoding: .utf8)
    #expect(index.contains("href=\"http://localhost:8080/x/feed.xml\""))
    #expect(!index.contains("linewise.example/whats-new"))
    let bad = try HeraldProcess.run(["build", "--baseurl", "x"] + Self.now)
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("did you mean '--base-url'?"))
  }
}
