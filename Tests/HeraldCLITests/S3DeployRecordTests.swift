import Foundation
import HeraldTestSupport
import Testing

/// What a deploy does when the bucket's record is gone, after a kill, and with `--purge`.
extension S3DeployTests {
  /// Deletes a key of the bucket by hand, as another tool (or a person) would.
  static func deleteByHand(_ server: SeaweedFS, key: String) throws {
    let deleted = try HeraldProcess.run(
      [
        "-s", "-o", "/dev/null", "-w", "%{http_code}", "--aws-sigv4", "aws:amz:us-east-1:s3",
        "--user", "\(SeaweedFS.accessKey):\(SeaweedFS.secretKey)", "-X", "DELETE",
        "\(server.endpoint)/\(bucket)/\(key)",
      ], program: URL(fileURLWithPath: "/usr/bin/curl"))
    #expect(deleted.stdout == "204", "DELETE \(key): \(deleted.stdout)")
  }

  @Test("with the bucket's record removed by hand, a deploy deletes no content-addressed copy")
  func recordRemovedByHand() throws {
    let server = try SeaweedFS(bucket: Self.bucket)
    let (site, output, deployed) = try Self.deployedThenEdited(server)
    // The folder lives until the test ends (it is removed when released).
    defer { withExtendedLifetime(site) {} }
    let copies = Set(deployed.keys.filter { $0.hasPrefix("api/v1/objects/") }.map { "news/" + $0 })
    #expect(!copies.isEmpty)
    try Self.deleteByHand(server, key: "news/.herald/deploys.json")
    // Nothing says which copies the bucket's index names now: every one of them stays, even with
    // --keep 1, which keeps only this deploy's.
    let again = try Self.deploy(output.path, server, ["--keep", "1"])
    #expect(again.status == 0, "\(again.stderr)")
    let keys = try server.keys(bucket: Self.bucket, prefix: "news")
    #expect(copies.isSubset(of: keys), "deleted: \(copies.subtracting(keys).sorted())")
    #expect(keys.contains("news/.herald/deploys.json"))
    try Self.pointersHold(server)
  }

  @Test("after a kill, a dry run counts what the resumed deploy then puts")
  func dryRunAfterKill() throws {
    let server = try SeaweedFS(bucket: Self.bucket)
    let (site, output, build) = try Self.deployedLargeSite(server)
    let before = try Self.sent(output)
    try Self.rename(site, to: "Renamed before the kill")
    #expect(try HeraldProcess.run(build).status == 0)
    let changed = try Self.sent(output).count { before[$0.key] != $0.value }
    try Self.killDeploy(output.path, server, afterPuts: 20)
    let dry = try Self.deploy(output.path, server, ["--dry-run"])
    let planned = dry.stdout.split(separator: "\n").count { $0.hasPrefix("put ") }
    #expect(dry.status == 0 && planned < changed, "\(planned) of \(changed): \(dry.stdout)")
    let resumed = try Self.deploy(output.path, server)
    #expect(resumed.status == 0, "\(resumed.stderr)")
    #expect(resumed.stdout.contains("(resumed): \(planned) files put"), "\(resumed.stdout)")
  }

  @Test("--purge asks for each pointer put, and never for a content-addressed copy or a wildcard")
  func purgesOnlyPointers() throws {
    let server = try SeaweedFS(bucket: Self.bucket)
    let (site, output, before) = try Self.deployedThenEdited(server)
    defer { withExtendedLifetime(site) {} }
    let after = try Self.sent(output)
    let pointers = Set(after.keys.filter { before[$0] != after[$0] && Self.isPointer($0) })
    #expect(pointers.contains("api/v1/index.json"))
    // No CDN listens there: each purge fails and is named in a warning, which is how the test
    // sees what was asked; the deploy itself stands.
    let dead = try FreePort.take(1)[0]
    let base = "http://127.0.0.1:\(dead)/"
    let deployed = try Self.deploy(output.path, server, ["--purge", base + "{path}"])
    #expect(deployed.status == 0, "\(deployed.stderr)")
    let purged = deployed.stderr.split(separator: "\n").compactMap { line -> String? in
      guard let start = line.range(of: base),
        let end = line.range(of: ": ", range: start.upperBound..<line.endIndex)
      else {
        return nil
      }
      return String(line[start.upperBound..<end.lowerBound])
    }
    #expect(Set(purged) == pointers, "\(purged)")
    #expect(purged.count == pointers.count)
    #expect(!purged.contains { $0.contains("objects/") || $0.contains("*") })
  }
}
