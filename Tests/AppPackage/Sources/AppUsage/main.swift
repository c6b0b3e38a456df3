import Foundation
import HeraldClient

// Decides as an iOS app of a given version over a channel built into a folder, served from
// memory, and prints what it would show; every public type an app meets is used once.
let arguments = CommandLine.arguments
guard arguments.count == 5, let now = ISO8601DateFormatter().date(from: arguments[4]) else {
  print("usage: AppUsage CHANNEL-FOLDER BASE-URL VERSION NOW")
  exit(64)
}
let folder = URL(fileURLWithPath: arguments[1], isDirectory: true)
let baseURL = arguments[2]
var documents: [String: Data] = [:]
let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
while let file = files?.nextObject() as? URL {
  guard file.pathExtension == "json" else { continue }
  let relative = file.path.dropFirst(folder.path.count + 1)
  documents[baseURL + relative] = try Data(contentsOf: file)
}

/// What an app writes to keep Herald's state in its own store.
actor AppStore: HeraldStorage {
  var values: [String: String] = [:]
  func get(_ key: String) async throws -> String? { values[key] }
  func set(_ key: String, _ value: String) async throws { values[key] = value }
}

/// What an app writes to fetch through its own networking stack.
struct AppTransport: HeraldTransport {
  let inner: HeraldMemoryTransport
  func fetch(_ request: HeraldRequest) async -> HeraldResponse {
    if request.url.host == "offline.example" { return .failed(.network("offline")) }
    return await inner.fetch(request)
  }
}

let store = AppStore()
let configuration = HeraldConfiguration(
  transport: AppTransport(inner: HeraldMemoryTransport(documents: documents)), storage: store,
  clock: HeraldFixedClock(now), preferredLanguages: ["en"])
let herald = Herald(
  channel: URL(string: baseURL)!, platform: "ios", appVersion: arguments[3], userID: "ada",
  accountCreatedAt: nil, configuration: configuration)

func describe(_ message: HeraldMessage?) -> String {
  guard let message else { return "none" }
  let severity: String
  switch message.severity {
  case .info: severity = "info"
  case .important: severity = "important"
  case .critical: severity = "critical"
  }
  let action: String
  switch message.action?.kind {
  case .web?: action = "web"
  case .deepLink?: action = "deep-link"
  case .inApp?: action = "in-app"
  case nil: action = "no action"
  }
  return "\(message.id) (\(severity), \(message.kind.rawValue), \(action))"
}

let state = await herald.refresh()
switch state.freshness {
case .fresh: break
case .cached(let failure), .unavailable(let failure):
  print("not fresh: \(failure.reason.rawValue): \(failure)")
  exit(1)
}
print("wall: \(describe(state.wall))")
switch state.interruption {
case .takeover(let message)?: print("takeover: \(describe(message))")
case .dialog(let message)?: print("dialog: \(describe(message))")
case .strip(let message)?: print("strip: \(describe(message))")
case nil: print("interruption: none")
}
print("badge: \(state.badge)")
print("archive: \(state.archive.map(\.id).joined(separator: " "))")
if let shown = state.interruption?.message.id {
  let after = await herald.markSeen(shown)
  print("after marking \(shown) seen: badge \(after.badge)")
}
let opened = await herald.markArchiveOpened()
print("after opening the archive: badge \(opened.badge)")
let other = await herald.setUser("grace", accountCreatedAt: nil)
print("another user: badge \(other.badge)")
for await observed in herald.states() {
  print("observed: badge \(observed.badge)")
  break
}
let offline = Herald(
  channel: URL(string: "https://offline.example/")!, platform: "ios", appVersion: arguments[3],
  configuration: HeraldConfiguration(
    transport: AppTransport(inner: HeraldMemoryTransport(documents: [:])),
    storage: HeraldMemoryStorage(), clock: HeraldFixedClock(now)))
if case .unavailable(let failure) = await offline.refresh().freshness {
  print("offline: \(failure.reason.rawValue)")
}
_ = HeraldFileStorage.defaultFolder
_ = HeraldSystemClock()
