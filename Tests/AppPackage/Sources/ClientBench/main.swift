import Foundation
import HeraldClient

// What a poll costs the Swift reader over a manifest at the 5 MB limit (1,800 rows), as an app
// links it: swift run -c release --package-path Tests/AppPackage ClientBench
// Prints JSONSerialization of the manifest (the yardstick), a first decision (a new client,
// nothing stored) and a poll answered 304, as medians of 15. The README reports a run.
let base = "https://bench.example/whats-new/"
let text = String(
  repeating: "Timetables, departures and platforms are updated as the network changes; ",
  count: 15)
let formatter = ISO8601DateFormatter()
let start = formatter.date(from: "2026-01-01T00:00:00Z")!
@MainActor func row(_ index: Int) -> [String: Any] {
  var row: [String: Any] = [:]
  row["actionLabel"] = NSNull()
  row["actionUrl"] = index % 3 == 0 ? "https://bench.example/app" : NSNull()
  row["belowVersion"] = NSNull()
  row["blocking"] = false
  row["body"] = ["bullets": ["One", "Two"], "paragraphs": [text]]
  row["expiresAt"] = index % 10 == 0 ? "2027-06-01T00:00:00Z" : NSNull()
  row["html"] = "<p>\(text)</p>\n"
  row["id"] = String(format: "record-%05d", index)
  row["kind"] = "WHATS_NEW"
  row["maxVersion"] = NSNull()
  row["minVersion"] = NSNull()
  row["publishedAt"] = formatter.string(from: start.addingTimeInterval(Double(index) * 3600))
  row["remindAfter"] = NSNull()
  row["rollout"] = NSNull()
  row["severity"] = index % 7 == 0 ? "IMPORTANT" : "INFO"
  row["title"] = "Announcement \(index)"
  row["updatedAt"] = NSNull()
  row["url"] = "\(base)announcements/record-\(index)/"
  return row
}
let rows = (0..<1800).map { row($0) }
let manifest = try JSONSerialization.data(
  withJSONObject: [
    "announcements": rows, "nextChangeAt": "2026-12-01T00:00:00Z", "platform": "ios",
    "schemaVersion": 1, "scope": "release", "updated": "2026-11-30T00:00:00Z", "version": "1.0.0",
  ] as [String: Any], options: [.sortedKeys])
let index = try JSONSerialization.data(
  withJSONObject: [
    "archive": base, "baseURL": base, "feed": "\(base)feed.xml", "language": "en",
    "nextChangeAt": NSNull(),
    "platforms": [
      "ios": [
        "currentRelease": "1.0.0", "live": "\(base)api/v1/ios/live.json", "store": NSNull(),
        "releases": [["manifest": "\(base)api/v1/ios/1.0.0.json", "version": "1.0.0"]],
      ]
    ],
    "schema": "\(base)api/v1/manifest.schema.json", "schemaVersion": 1, "title": "Bench",
    "updated": "2026-11-30T00:00:00Z",
  ] as [String: Any], options: [.sortedKeys])
/// A CDN: fixed ETags, 304 when they match (a real 304 carries no body to hash).
struct CDN: HeraldTransport {
  let documents: [String: Data]
  func fetch(_ request: HeraldRequest) async -> HeraldResponse {
    guard let body = documents[request.url.absoluteString] else { return .failed(.status(404)) }
    let etag = "\"\(request.url.absoluteString.count)-\(body.count)\""
    if request.etag == etag { return .notModified(maxAge: 60) }
    return .ok(body: body, etag: etag, lastModified: nil, maxAge: 60)
  }
}
let transport = CDN(documents: [
  "\(base)api/v1/index.json": index, "\(base)api/v1/ios/1.0.0.json": manifest,
])
let now = formatter.date(from: "2026-11-30T12:00:00Z")!

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func milliseconds(_ work: () async throws -> Void) async rethrows -> Double {
  let started = ContinuousClock.now
  try await work()
  let elapsed = ContinuousClock.now - started
  return Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3
}

var parse: [Double] = []
var first: [Double] = []
var poll: [Double] = []
var archive = 0
for _ in 0..<15 {
  parse.append(try await milliseconds { _ = try JSONSerialization.jsonObject(with: manifest) })
  let herald = Herald(
    channel: URL(string: base)!, platform: "ios", appVersion: "1.0.0", userID: "ada",
    configuration: HeraldConfiguration(
      transport: transport, storage: HeraldMemoryStorage(), clock: HeraldFixedClock(now)))
  first.append(await milliseconds { archive = await herald.refresh().archive.count })
  poll.append(await milliseconds { _ = await herald.refresh() })
}
print("manifest: 1800 rows, \(manifest.count / 100_000) / 10 MB; \(archive) in the archive")
print(String(format: "JSONSerialization of the manifest  %.1f ms", median(parse)))
print(
  String(
    format: "first decision                     %.1f ms (%.1fx)", median(first),
    median(first) / median(parse)))
print(String(format: "poll answered 304                  %.1f ms", median(poll)))
