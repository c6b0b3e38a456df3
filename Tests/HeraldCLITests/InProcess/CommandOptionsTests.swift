import Foundation
import HeraldCLI
import HeraldTestSupport
import Testing

/// Each command's options are read, typed and checked before it runs: a bad value is a usage
/// error (exit 64) before the site is looked at, and a command reads only what it declares.
@Suite("Command options are typed and checked before a command runs")
struct CommandOptionsTests {
  /// The shortest valid command line of each command, and one with an option that does not read.
  static let cases: [(valid: [String], bad: [String], error: String)] = [
    (["init", "x"], ["init", "x", "--platforms", "iOS"], "--platforms"),
    (["new", "dark-mode"], ["new", "dark-mode", "--severity", "LOUD"], "--severity"),
    (["check"], ["check", "--now", "tomorrow"], "--now"),
    (["build"], ["build", "--now", "tomorrow"], "--now"),
    (["serve"], ["serve", "--port", "http"], "--port"),
    (["diff", "--base", "main"], ["diff", "--base", "main", "--now", "tomorrow"], "--now"),
    (
      ["explain", "--platform", "ios", "--version", "1.0"],
      ["explain", "--platform", "ios", "--version", "1.0", "--now", "tomorrow"], "--now"
    ),
    (["keys", "generate"], ["keys", "make"], "make"),
    (["sign", "--key", "key.pem"], ["sign"], "--key"),
    (
      ["deploy", "--to", "s3://news-bucket"],
      ["deploy", "--to", "s3://news-bucket", "--keep", "0"],
      "--keep"
    ),
  ]

  @Test("every command is covered")
  func everyCommand() {
    #expect(Self.cases.map { $0.valid[0] } == HeraldCommandLine.commandNames)
  }

  @Test("each command's options read through only what it declares")
  func declaredOnly() {
    for (valid, _, _) in Self.cases {
      let error = HeraldCommandLine.usageError(valid)
      #expect(error == nil, "\(valid): \(error?.message ?? "")")
    }
  }

  @Test("a bad value is a usage error before the command runs; nothing is made")
  func badValueStopsFirst() throws {
    for (_, bad, option) in Self.cases {
      let error = HeraldCommandLine.usageError(bad)
      #expect(error?.message.contains(option) == true, "\(bad): \(error?.message ?? "no error")")
      // Run for real in an empty folder: exit 64, and nothing written (no output, no site).
      let folder = try TemporaryDirectory()
      let site = folder.url.appending(path: "site").path
      let arguments =
        bad[0] == "init"
        ? ["init", site] + bad.dropFirst(2)
        : bad[0] == "keys"
          ? bad + ["--out", site + "/key.pem"]
          : bad[0] == "sign" || bad[0] == "deploy"
            ? bad + ["--output", site] : bad + ["--site", site]
      let run = InProcessRun.run(
        bad[0] == "new" ? ["new", "dark-mode", "--site", site, "--severity", "LOUD"] : arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(
        (try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) == [],
        "\(arguments) wrote something")
    }
  }
}
