import Foundation
import HeraldCLI
import HeraldTestSupport
import Testing

/// Every command's whole `--help`, against `Tests/Fixtures/help/` (re-recorded with
/// `RECORD_GOLDEN=1`): a change of any option, default or line of help shows in review.
@Suite("--help, whole, for the tool and every command")
struct HelpSnapshotTests {
  static let folder = Fixtures.root.appending(path: "help")

  @Test("herald --help and herald help")
  func toolHelp() throws {
    let run = InProcessRun.run(["--help"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(
      run.stdout == (try Fixtures.golden(run.stdout, at: Self.folder.appending(path: "herald.txt")))
    )
    #expect(InProcessRun.run(["help"]).stdout == run.stdout)
  }

  @Test("herald <command> --help", arguments: HeraldCommandLine.commandNames)
  func commandHelp(_ name: String) throws {
    let run = InProcessRun.run([name, "--help"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let expected = try Fixtures.golden(run.stdout, at: Self.folder.appending(path: "\(name).txt"))
    #expect(run.stdout == expected)
    #expect(InProcessRun.run(["help", name]).stdout == run.stdout)
    #expect(InProcessRun.run([name, "-h"]).stdout == run.stdout)
  }

  @Test("every command has a snapshot, and every snapshot a command")
  func snapshotsMatchCommands() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
    #expect(Set(files) == Set(HeraldCommandLine.commandNames.map { "\($0).txt" } + ["herald.txt"]))
  }
}
