import Foundation
import HeraldTestSupport
import Testing

/// A usage error: the command line, and the error and hint it must print.
struct UsageCase: Sendable, CustomTestStringConvertible {
  let arguments: [String]
  let error: String
  let hint: String?

  init(_ arguments: String, _ error: String, hint: String? = nil) {
    self.arguments = arguments.split(separator: " ").map(String.init)
    self.error = error
    self.hint = hint
  }

  var testDescription: String { arguments.joined(separator: " ") }
}

/// The commands run in this process, through `HeraldCommandLine.run(console:environment:)`.
@Suite("herald's commands, run in process")
struct InProcessCommandTests {
  static let usageCases: [UsageCase] = [
    UsageCase("explain", "missing --platform", hint: "write --platform ios"),
    UsageCase("explain --platform ios", "missing --version", hint: "write --version 1.10.0"),
    UsageCase(
      "explain --platform ios --version x",
      "--version \"x\" is not a version: it must start with a digit"),
    UsageCase(
      "explain --platform ios --version 1.0 --format yaml", "unknown format 'yaml'",
      hint: "use one of text, json"),
    UsageCase(
      "explain --platform ios --version 1.0 --channel ftp://x",
      "--channel ftp://x is not an http or https URL",
      hint: "write the channel's base URL, such as https://example.com/whats-new/"),
    UsageCase(
      "explain --platform ios --version 1.0 --channel https://x.example/ --site .",
      "--channel and --site cannot be used together"),
    UsageCase(
      "check --format xml", "unknown format 'xml'", hint: "use one of text, json, github"),
    UsageCase("check --strikt", "unknown option '--strikt'", hint: "did you mean '--strict'?"),
    UsageCase("check --site", "missing value for '--site DIR'"),
    UsageCase(
      "build --base-url ftp://x", "--base-url \"ftp://x\" is not an absolute http or https URL",
      hint: "write --base-url https://preview.example.com/"),
    UsageCase("build --quiet=1", "the flag '--quiet' takes no value"),
    UsageCase(
      "build --now yesterday",
      "--now \"yesterday\" is not a timestamp: write 2026-03-01, or 2026-03-01T09:30:00Z with a"
        + " time", hint: "write --now 2026-03-01T09:00:00Z"),
    UsageCase(
      "serve --port 99999", "--port 99999 is not a port number", hint: "use 1 to 65535, or 0"),
    UsageCase("new", "missing argument ID"),
    UsageCase(
      "new dark-mode --severity LOUD",
      "--severity 'LOUD' is not one of INFO, IMPORTANT, CRITICAL"),
    UsageCase("new Bad", "'Bad' is not a valid id", hint: "ids are lowercase: write bad"),
    UsageCase(
      "init --platforms IOS", "--platforms IOS is not a list of platform keys",
      hint: "write lowercase keys separated by commas, such as ios,android or web"),
    UsageCase(
      "diff", "missing --base or --base-dir",
      hint: "write --base origin/main, or --base-dir ../previous-site"),
    UsageCase(
      "diff --base-dir . --locale german", "--locale german is not a BCP 47 language tag",
      hint: "write a tag such as de or fr-CA"),
  ]

  @Test(
    "a usage error says what is wrong, how to fix it, and the usage; exit 64", arguments: usageCases
  )
  func usageError(_ usage: UsageCase) {
    let run = InProcessRun.run(usage.arguments)
    let command = usage.arguments[0]
    #expect(run.status == 64)
    #expect(run.stdout == "")
    var lines = ["error: \(usage.error)"]
    if let hint = usage.hint { lines.append("  hint: \(hint)") }
    let usageLine = try? #require(
      InProcessRun.run([command, "--help"]).stdout.split(separator: "\n").first {
        $0.hasPrefix("USAGE: ")
      })
    lines.append("usage: " + (usageLine?.dropFirst("USAGE: ".count) ?? ""))
    lines.append("  See 'herald \(command) --help' for more information.")
    #expect(run.stderr == lines.joined(separator: "\n") + "\n")
  }

  @Test("an unknown command gets a suggestion and the tool's usage")
  func unknownCommand() {
    let run = InProcessRun.run(["chek"])
    #expect(run.status == 64)
    #expect(
      run.stderr == """
        error: unknown command 'chek'
          hint: did you mean 'check'?
        usage: herald <command> [options]
          See 'herald --help' for more information.

        """)
  }

  @Test("check of the example site: the count line and what is live, nothing on stderr")
  func checkExample() {
    let run = InProcessRun.run([
      "check", "--site", Fixtures.packageRoot.path, "--now", "2026-11-30T12:00:00Z", "--no-cache",
    ])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(
      run.stdout == """
        0 errors, 0 warnings in 11 announcements
        live 7, scheduled 1, expired 1, inactive 1, drafts 1, next change 2026-12-13T10:00:00Z

        """)
  }

  @Test("check of a site with problems: each with its position on stderr, the count on stdout")
  func checkErrors() throws {
    let folder = Fixtures.root.appending(path: "invalid/unknown-field")
    let run = InProcessRun.run(["check", "--site", folder.path, "--no-cache"])
    #expect(run.status == 1)
    #expect(run.stdout == "1 error, 0 warnings in 1 announcement\n")
    #expect(
      run.stderr == folder.path + "/content/announcements/a.md:7:1: error: unknown field"
        + " \"miniVersion\" in the record [unknown-field]\n  hint: did you mean \"minVersion\"?"
        + " A misspelt targeting field would target everyone.\n")
  }

  @Test("explain answers as the app would, with --seen and --format json")
  func explainExample() throws {
    let base = [
      "explain", "--site", Fixtures.packageRoot.path, "--platform", "ios", "--version", "1.8.0",
      "--now", "2026-11-30T12:00:00Z",
    ]
    let text = InProcessRun.run(base)
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stdout.contains("ios 1.8.0"))
    let json = InProcessRun.run(base + ["--format", "json"])
    #expect(json.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8))
    #expect(object is [String: Any])
  }

  @Test("new writes a draft, init a site that passes check")
  func newAndInit() throws {
    let folder = try TemporaryDirectory()
    let site = folder.path("channel")
    let created = InProcessRun.run(["init", site, "--platforms", "ios,web"])
    #expect(created.status == 0, "\(created.stderr)")
    #expect(created.stdout.hasPrefix("created a site in \(site):\n"))
    let written = InProcessRun.run(["new", "dark-mode", "--site", site, "--severity", "IMPORTANT"])
    #expect(written.status == 0, "\(written.stderr)")
    let record = try String(
      contentsOfFile: site + "/content/announcements/dark-mode.md", encoding: .utf8)
    #expect(record.contains("severity: IMPORTANT"))
    #expect(record.contains("draft: true"))
    let checked = InProcessRun.run(["check", "--site", site, "--no-cache"])
    #expect(checked.status == 0, "\(checked.stderr)")
  }

  @Test("init gives each platform a store example of its own kind, and the web none")
  func initStoreExamples() throws {
    let folder = try TemporaryDirectory()
    let site = folder.path("channel")
    let created = InProcessRun.run(["init", site, "--platforms", "ios,android,web,windows"])
    #expect(created.status == 0, "\(created.stderr)")
    let config = try String(contentsOfFile: site + "/herald.yaml", encoding: .utf8)
    #expect(
      config.contains(
        """
          ios:
            # store: https://apps.apple.com/app/id0000000000
        """))
    #expect(
      config.contains(
        """
          android:
            # store: https://play.google.com/store/apps/details?id=com.example.app
        """))
    #expect(
      config.contains(
        """
          web:
            # no store: a web app's users get the new version when they reload
        """))
    #expect(
      config.contains(
        """
          windows:
            # store: https://example.com/download
        """))
  }
}
