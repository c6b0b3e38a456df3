import Foundation
import HeraldCore
import HeraldRender
import Synchronization

extension SiteBuild {
  /// The point step, between render and sign: stages the content-addressed copy of every
  /// document an app reads besides the channels (`api/v1/objects/<sha256>.json`, DESIGN §3), then
  /// each channel index, which names those copies by their bytes as they will be committed.
  ///
  /// A document whose bytes this build did not change keeps the copy the previous channel named,
  /// when that copy is still in place with the document's size: only changed documents are read
  /// and hashed (at 10,000 records their copies are 45 MB, and hashing them all took a third of an
  /// edit's rebuild).
  func point(_ plan: Plan, into transaction: OutputTransaction) throws {
    let renderer = plan.renderer
    let documents = renderer.appDocuments.filter(\.hasObject).map(\.path)
    let base = renderer.baseURL
    let changed = transaction.changedPaths
    var table: [String: ChannelIndex.DocumentObject] = [:]
    var kept: Set<String> = []
    let previous = Self.previousObjects(renderer, base: base, in: transaction)
    for path in documents where !changed.contains(path) {
      guard let object = previous[path],
        transaction.previousSize(path) == Int64(object.bytes),
        case let objectPath = ChannelIndex.DocumentObject.path(sha256: object.sha256),
        transaction.previousSize(objectPath) == Int64(object.bytes)
      else { continue }
      table[path] = object
      kept.insert(objectPath)
    }
    // Two documents with the same bytes (a release whose words no locale changes) share a copy.
    let claimed = Mutex<Set<String>>(kept)
    let named = try transaction.readCommitted(documents.filter { table[$0] == nil }) {
      path, bytes -> Result<(String, ChannelIndex.DocumentObject), OutputError> in
      let object = ObjectNaming.object(of: bytes, base: base)
      let objectPath = ChannelIndex.DocumentObject.path(sha256: object.sha256)
      guard claimed.withLock({ $0.insert(objectPath).inserted }) else {
        return .success((path, object))
      }
      return Result { () throws(OutputError) in
        let file = try transaction.open(objectPath)
        file.sink.write(bytes)
        try file.close()
        return (path, object)
      }
    }
    for result in named {
      let (path, object) = try result.get()
      table[path] = object
    }
    let objects = table
    transaction.plan(claimed.withLock { Array($0) })
    _ = try renderer.appDocuments.filter(\.isChannel).concurrentMap { channel in
      let file = try transaction.open(channel.path)
      try renderer.render(channel, objects: objects, into: &file.sink)
      try file.close()
    }
  }

  /// The copies the previous channel indexes named, by their documents' output paths: what the
  /// output in place says, for a channel built at the same base URL.
  static func previousObjects(
    _ renderer: SiteRenderer, base: String, in transaction: OutputTransaction
  ) -> [String: ChannelIndex.DocumentObject] {
    var objects: [String: ChannelIndex.DocumentObject] = [:]
    for channel in renderer.appDocuments where channel.isChannel {
      guard let bytes = transaction.previousBytes(channel.path),
        case .success(let index) = ChannelIndex.decode(Data(bytes)), index.baseURL == base
      else { continue }
      func add(_ url: String, _ object: ChannelIndex.DocumentObject?) {
        guard let object, url.hasPrefix(base) else { return }
        objects[String(url.dropFirst(base.count))] = object
      }
      for platform in index.platforms.values {
        add(platform.live, platform.liveObject)
        for release in platform.releases { add(release.manifest, release.object) }
      }
    }
    return objects
  }
}
