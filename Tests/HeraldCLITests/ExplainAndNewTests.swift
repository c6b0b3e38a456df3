import Foundation
import HeraldCore
import HeraldServe
import HeraldTestSupport
import Testing

@Suite("herald explain and herald new")
struct ExplainAndNewTests {
  static let now = ["--now", "2026-11-30T12:00:00Z"]

  @Test("explain prints the decision and a reason for every record")
  func explainText() throws {
    let result = try HeraldProcess.run(
      ["explain", "--platform", "ios", "--version", "1.8.0", "--seen", "sign-in-again"] + Self.now)
    #expect(result.status == 0 && result.stderr == "")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first == "ios 1.8.0 at 2026-11-30T12:00:00Z (seen: sign-in-again), from the site")
    #expect(
      lines.contains("shows:   wall sunset-1-8 \"This version of Linewise has stopped working\""))
    #expect(lines.contains("badge:   2"))
    for (id, reason) in [
      ("sunset-1-8", "shown as the wall"), ("sign-in-again", "not shown: already seen"),
      ("delays-12-november", "not shown: the wall sunset-1-8 hides everything else"),
      ("fare-capping", "not delivered: for another platform (android)"),
      ("linewise-2-0", "not delivered: below minVersion 2.0.0"),
      ("beta-programme", "not delivered: switched off (active: false)"),
      ("larger-text", "not delivered: a draft"),
      ("spring-timetable-2027", "not delivered: scheduled for"),
      ("holiday-timetables-2025", "not delivered: expired at"),
    ] {
      #expect(lines.contains { $0.hasPrefix("  \(id) ") && $0.contains(reason) }, "\(id)")
    }
  }

  /// The conformance channel's two rollouts for ios 3.1 (Tests/Fixtures/conformance/channel):
  /// `rollout-dialog` at 5% from 20 November and 50% from 5 December, `rollout-strip` at 0% until
  /// 10 December; user-0's buckets are 3408 and 9374 (conformance/buckets.py).
  @Test("explain --user gives the user's bucket in each rollout and whether it reaches them")
  func explainUser() throws {
    let site = Fixtures.root.appending(path: "conformance/channel").path
    let arguments = ["explain", "--site", site, "--platform", "ios", "--version", "3.1"]
    let outside = try HeraldProcess.run(arguments + ["--user", "user-0"] + Self.now)
    #expect(outside.status == 0 && outside.stderr == "", "\(outside.stderr)")
    let lines = outside.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.contains {
        $0.hasPrefix("  rollout-dialog ")
          && $0.hasSuffix(
            "not delivered: the user's bucket 3408 is not below the rollout's share"
              + " 5% (500 of 10000)")
      }, "\(lines)")
    #expect(lines.contains("rollouts, for user user-0:"))
    #expect(
      lines.contains {
        $0.hasPrefix("  rollout-dialog ")
          && $0.hasSuffix(
            "5% now, 50% from 2026-12-05T00:00:00Z, 100% from 2026-12-15T00:00:00Z; bucket 3408:"
              + " not reached now, reached from 2026-12-05T00:00:00Z")
      }, "\(lines)")
    // Later, the same user is inside: the dialog reaches them, in the archive.
    let later = try HeraldProcess.run(
      arguments + ["--user", "user-0", "--now", "2026-12-06T00:00:00Z", "--format", "json"])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(later.stdout.utf8)) as? [String: Any])
    #expect((json["archive"] as? [String])?.contains("rollout-dialog") == true)
    #expect(json["user"] as? String == "user-0")
    let records = json["announcements"] as? [[String: Any]] ?? []
    let dialog = try #require(records.first { $0["id"] as? String == "rollout-dialog" })
    let rollout = try #require(dialog["rollout"] as? [String: Any])
    #expect(rollout["bucket"] as? Int == 3408 && rollout["reached"] as? Bool == true)
    #expect(rollout["shareNow"] as? Int == 5000)
    // Without --user: as for a user inside every rollout begun; the strip at 0% reaches no one.
    let anyone = try HeraldProcess.run(arguments + Self.now)
    let plain = anyone.stdout.split(separator: "\n").map(String.init)
    #expect(
      plain.contains("rollouts (no --user: decided as for a user inside every share above 0%):"))
    #expect(plain.contains { $0.hasPrefix("  rollout-dialog ") && !$0.contains("not delivered") })
    #expect(
      plain.contains {
        $0.hasPrefix("  rollout-strip ")
          && $0.hasSuffix("not delivered: its rollout reaches no one yet (0% now)")
      }, "\(plain)")
    // Issue 46, item 13: the JSON said "reached": true for the strip at 0%, whose outcome said
    // outside-rollout: a script reading the field was told the user has it.
    let anyoneJSON = try HeraldProcess.run(arguments + ["--format", "json"] + Self.now)
    let rows =
      try #require(
        try JSONSerialization.jsonObject(with: Data(anyoneJSON.stdout.utf8)) as? [String: Any])[
        "announcements"] as? [[String: Any]] ?? []
    func reached(_ id: String) -> Bool? {
      (rows.first { $0["id"] as? String == id }?["rollout"] as? [String: Any])?["reached"] as? Bool
    }
    #expect(reached("rollout-strip") == false, "\(rows)")
    #expect(reached("rollout-dialog") == true, "\(rows)")
  }

  @Test("explain --outside-rollouts decides as for a user outside every rollout below 100%")
  func explainOutsideRollouts() throws {
    let site = Fixtures.root.appending(path: "conformance/channel").path
    let arguments = ["explain", "--site", site, "--platform", "ios", "--version", "3.1"]
    // On 6 December the dialog is at 50%: outside; from 15 December at 100%: reached.
    for (now, reaches) in [("2026-12-06T00:00:00Z", false), ("2026-12-16T00:00:00Z", true)] {
      let result = try HeraldProcess.run(
        arguments + ["--outside-rollouts", "--now", now, "--format", "json"])
      #expect(result.status == 0, "\(result.stderr)")
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      #expect((json["archive"] as? [String])?.contains("rollout-dialog") == reaches, "\(now)")
      let text = try HeraldProcess.run(arguments + ["--outside-rollouts", "--now", now])
      #expect(
        text.stdout.contains(
          "rollouts (--outside-rollouts: decided as for a user outside every share below 100%):"),
        "\(text.stdout)")
    }
    let both = try HeraldProcess.run(arguments + ["--outside-rollouts", "--user", "ada"])
    #expect(both.status == 64 && both.stderr.contains("cannot be used together"), "\(both.stderr)")
  }

  @Test(
    "explain --locale reads the locale an app with that language reads, titles and all",
    arguments: [
      ("de-AT", "locale: de (what de-AT reaches", "Aktualisieren, um Ihre Tickets zu behalten"),
      ("fr-CA", "locale: fr-CA", "Mettez à jour pour garder vos billets"),
      ("ja", "locale: en (what ja reaches", "Update to keep your tickets"),
    ])
  func explainLocale(_ locale: String, _ note: String, _ title: String) throws {
    let site = Fixtures.root.appending(path: "sites/locales").path
    let result = try HeraldProcess.run(
      ["explain", "--site", site, "--platform", "ios", "--version", "1.0", "--locale", locale]
        + Self.now)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(note))
    #expect(result.stdout.contains("shows:   wall wall \"\(title)\""))
    let json = try HeraldProcess.run(
      ["explain", "--site", site, "--platform", "ios", "--version", "1.0", "--format", "json"]
        + Self.now)
    #expect(json.stdout.contains("\"locale\": \"en\""), "without --locale: the default")
  }

  @Test("explain's JSON, the account-age gate, and a version that is not a release")
  func explainJSON() throws {
    let result = try HeraldProcess.run(
      [
        "explain", "--platform", "android", "--version", "2.1.0", "--format", "json",
        "--account-created", "2026-11-25T00:00:00Z", "--seen", "sign-in-again",
      ] + Self.now)
    #expect(result.status == 0)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(document["configuredRelease"] as? Bool == false)
    #expect(document["shown"] is NSNull)
    let records = try #require(document["announcements"] as? [[String: Any]])
    let outcome = Dictionary(
      uniqueKeysWithValues: records.compactMap { record -> (String, String)? in
        guard let id = record["id"] as? String, let code = record["outcome"] as? String else {
          return nil
        }
        return (id, code)
      })
    #expect(outcome["linewise-2-0"] == "gated-by-account-age")
    #expect(outcome["sign-in-again"] == "seen")
    #expect(outcome["widgets-1-10"] == "other-platform")
  }

  @Test("explain agrees with the manifests herald build writes, for every configured release")
  func explainAgreesWithBuild() throws {
    let output = try TemporaryDirectory()
    #expect(
      try HeraldProcess.run(["build", "--quiet", "--output", output.path("public")] + Self.now)
        .status == 0)
    let releases = [
      ("ios", ["1.8.0", "1.9.0", "1.9.2", "1.10.0", "1.10.1", "2.0.0"]),
      ("android", ["1.8.0", "1.9.0", "1.9.3", "1.10.0", "2.0.0"]),
    ]
    for (platform, versions) in releases {
      for version in versions {
        let manifest = try Data(
          contentsOf: output.url.appending(path: "public/api/v1/\(platform)/\(version).json"))
        let rows = try ManifestDocument.decode(manifest).get().announcements
        let decision = DecisionRules.decide(
          .fresh(rows), now: try #require(Timestamp("2026-11-30T12:00:00Z")))
        let explained = try HeraldProcess.run(
          ["explain", "--platform", platform, "--version", version, "--format", "json"] + Self.now)
        let document = try #require(
          try JSONSerialization.jsonObject(with: Data(explained.stdout.utf8)) as? [String: Any])
        #expect(
          document["archive"] as? [String] == decision.archive.map(\.id), "\(platform) \(version)")
        let shown = document["shown"] as? [String: Any]
        #expect(shown?["id"] as? String == decision.shown?.row.id, "\(platform) \(version)")
        #expect(shown?["shape"] as? String == decision.shown?.shape, "\(platform) \(version)")
        #expect(document["badge"] as? Int == decision.badge)
        let inManifest = (document["announcements"] as? [[String: Any]] ?? [])
          .filter { $0["inManifest"] as? Bool == true }.compactMap { $0["id"] as? String }
        #expect(Set(inManifest) == Set(decision.archive.map(\.id)))
        let outcomes = (document["announcements"] as? [[String: Any]] ?? []).compactMap {
          $0["outcome"] as? String
        }
        #expect(!outcomes.contains("unexplained"), "\(platform) \(version)")
      }
    }
  }

  @Test("explain --channel asks a deployed channel and agrees with explain of the site")
  func explainChannel() throws {
    let output = try TemporaryDirectory()
    let site = PreviewSite(root: output.path("public"))
    let server = try HTTPServer(host: "127.0.0.1", port: 0, reply: site.reply)
    defer { server.stop() }
    let base = "http://127.0.0.1:\(server.port)/"
    #expect(
      try HeraldProcess.run(
        ["build", "--quiet", "--output", output.path("public"), "--base-url", base] + Self.now
      ).status == 0)
    site.finishBuild(problems: nil)
    try server.start()
    for version in ["1.8.0", "1.9.2.1", "2.0.0"] {
      let arguments = ["explain", "--platform", "ios", "--version", version, "--format", "json"]
      let remote = try HeraldProcess.run(arguments + ["--channel", base] + Self.now)
      let local = try HeraldProcess.run(arguments + Self.now)
      #expect(remote.status == 0, "\(remote.stderr)")
      let remoteJSON = try #require(
        try JSONSerialization.jsonObject(with: Data(remote.stdout.utf8)) as? [String: Any])
      let localJSON = try #require(
        try JSONSerialization.jsonObject(with: Data(local.stdout.utf8)) as? [String: Any])
      for key in ["archive", "badge", "manifest", "wall", "takeover", "dialog", "strip"] {
        #expect(
          "\(remoteJSON[key] ?? "-")" == "\(localJSON[key] ?? "-")", "\(version) \(key)")
      }
      #expect((remoteJSON["fetch"] as? [String: Any])?["state"] as? String == "fresh")
    }
    let stopped = base
    server.stop()
    let failed = try HeraldProcess.run(
      ["explain", "--platform", "ios", "--version", "1.8.0", "--channel", stopped] + Self.now)
    #expect(failed.status == 0, "a failed fetch is an answer: the app fails open")
    #expect(failed.stdout.contains("fetch: the request failed"), "\(failed.stdout)")
    #expect(failed.stdout.contains("the app fails open: nothing is shown"))
    #expect(failed.stdout.contains("shows:   nothing"))
  }

  @Test(
    "explain usage errors",
    arguments: [
      (["explain", "--version", "1.0"], "missing --platform"),
      (["explain", "--platform", "ios"], "missing --version"),
      (["explain", "--platform", "andriod", "--version", "1.0"], "did you mean 'android'?"),
      (["explain", "--platform", "ios", "--version", "v1"], "is not a version"),
      (
        ["explain", "--platform", "ios", "--version", "1", "--format", "xml"],
        "unknown format 'xml'"
      ),
    ])
  func explainUsage(_ arguments: [String], _ message: String) throws {
    let result = try HeraldProcess.run(arguments + Self.now)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test("new writes a valid draft with today's date and refuses taken ids and bad slugs")
  func new() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let epoch = ["SOURCE_DATE_EPOCH": "1796040000"]
    let created = try HeraldProcess.run(
      ["new", "dark-mode", "--site", site.url.path, "--severity", "IMPORTANT", "--kind", "NOTICE"],
      environment: epoch)
    #expect(created.status == 0, "\(created.stderr)")
    #expect(created.stdout == "created \(site.url.path)/content/announcements/dark-mode.md\n")
    let text = try String(
      contentsOfFile: site.path("content/announcements/dark-mode.md"), encoding: .utf8)
    #expect(text.hasPrefix("---\nid: dark-mode\n"))
    #expect(text.contains("severity: IMPORTANT\nkind: NOTICE\npublishAt: 2026-11-30\n"))
    #expect(text.contains("draft: true"))
    let check = try HeraldProcess.run(["check", "--site", site.url.path, "--strict"] + Self.now)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("drafts 2"))

    let again = try HeraldProcess.run(
      ["new", "dark-mode", "--site", site.url.path], environment: epoch)
    #expect(again.status == 1)
    #expect(again.stderr.contains("dark-mode.md already exists"))
    #expect(
      try String(contentsOfFile: site.path("content/announcements/dark-mode.md"), encoding: .utf8)
        == text)
    let jsonID = try HeraldProcess.run(["new", "fare-capping", "--site", site.url.path])
    #expect(jsonID.status == 1)
    #expect(jsonID.stderr.contains("fare-capping.json already exists"))
    try site.write(
      "content/announcements/renamed.md",
      try String(contentsOfFile: site.path("content/announcements/sunset-1-8.md"), encoding: .utf8))
    try FileManager.default.removeItem(atPath: site.path("content/announcements/sunset-1-8.md"))
    let taken = try HeraldProcess.run(["new", "sunset-1-8", "--site", site.url.path])
    #expect(taken.status == 1)
    #expect(taken.stderr.contains("the id 'sunset-1-8' is already used by"))
    let bad = try HeraldProcess.run(["new", "Dark Mode", "--site", site.url.path])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("'Dark Mode' is not a valid id"))
  }

  @Test("new never writes through a symbolic link, even a dangling one")
  func newDanglingLink() throws {
    let site = try TemporaryDirectory()
    try SiteCopy.writeExample(to: site)
    let outside = try TemporaryDirectory()
    try FileManager.default.createSymbolicLink(
      atPath: site.path("content/announcements/trap.md"),
      withDestinationPath: outside.path("planted.md"))
    let result = try HeraldProcess.run(["new", "trap", "--site", site.url.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("trap.md already exists"))
    #expect(!FileManager.default.fileExists(atPath: outside.path("planted.md")))
  }
}
