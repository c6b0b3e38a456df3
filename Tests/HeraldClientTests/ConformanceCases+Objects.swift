import Foundation
import HeraldContent
import HeraldCore
import HeraldProtocol
import HeraldRender

extension ConformanceCases {
  /// The channel file of the cases that read content-addressed documents (DESIGN §3).
  static let objectChannel = "objects-n0"

  /// The channel at the first time as `herald build` writes it now: every manifest and live.json
  /// also under `api/v1/objects/<sha256>.json`, named by the indexes; as exact text, which the
  /// objects' names hash.
  static func channelWithObjects() throws -> JSONValue {
    let texts = try signedDocuments(objects: true).mapValues {
      JSONValue.string(String(decoding: $0, as: UTF8.self))
    }
    return .object(["baseURL": .string(signedBaseURL), "documentText": .object(texts)])
  }

  /// The documents of a channel file as JSON values, from `documents` or `documentText`.
  static func values(of channel: JSONValue?) -> [String: JSONValue] {
    if case .object(let documents)? = channel?["documents"] { return documents }
    guard case .object(let texts)? = channel?["documentText"] else { return [:] }
    return texts.compactMapValues { text in
      text.string.flatMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
    }
  }

  /// The cases of content-addressed documents: the object read in place of the canonical URL,
  /// a held object never asked for again, an object whose bytes are not its hash (fail open),
  /// and indexes whose entries a reader cannot use (the canonical URL, as before objects).
  static func objectSpecs() -> [Spec] {
    let manifest = "api/v1/ios/1.0.0.json"
    let index = "api/v1/index.json"
    var specs = [
      Spec(
        name: "objects-listed-cold",
        description: "the index names the release's object: it is read, not the canonical URL"
          + " (which fails)",
        version: "1.0", faults: [manifest: .object(["status": .integer(500)])], readsObject: true),
      Spec(
        name: "objects-unlisted-cold",
        description: "an unlisted version reads live.json's object, not the canonical URL"
          + " (which fails)",
        version: "1.5", faults: ["api/v1/ios/live.json": .object(["status": .integer(500)])],
        readsObject: true),
      Spec(
        name: "objects-held-not-asked",
        description: "the app holds the object the index names: it is not asked for again"
          + " (its URL fails), and the rows are fresh",
        version: "1.0", cached: [index, manifest], readsObject: true),
      Spec(
        name: "objects-hash-mismatch-cold",
        description: "the object's bytes are not the SHA-256 the index names (a wall's action"
          + " changed): refused, and nothing interrupts",
        version: "1.0", readsObject: true),
      Spec(
        name: "objects-malformed-entry",
        description: "the index's object entries have no valid sha256: the canonical URLs are"
          + " read, as in a channel built before objects",
        version: "1.0",
        replacing: (
          index,
          { documents in
            rewritingObjects(of: documents[index] ?? .null) { entry in
              guard case .object(var fields) = entry else { return entry }
              fields["sha256"] = .string("not-a-sha-256")
              return .object(fields)
            }
          }
        ), readsObject: false),
      Spec(
        name: "objects-old-style-index",
        description: "an index without objects (built before them) on a channel that has them:"
          + " the canonical URLs are read",
        version: "1.5",
        replacing: (
          index, { documents in rewritingObjects(of: documents[index] ?? .null) { _ in nil } }
        ),
        readsObject: false),
    ]
    // The faults on objects need the built bytes: made by the generator through these markers.
    specs[2].faults = [objectMarker: .object(["status": .integer(500)])]
    specs[3].faults = [objectMarker: .object(["tamper": .bool(true)])]
    return specs
  }

  /// The fault key that stands for the object of the ios 1.0.0 manifest until the generator
  /// knows its path.
  static let objectMarker = "<object of api/v1/ios/1.0.0.json>"

  /// Puts the faults a spec sets on the ios 1.0.0 manifest's object at its path: a status as
  /// given, or (`tamper`) a body that is the manifest with its wall's action changed.
  static func placeObjectFaults(_ spec: inout Spec, documents: [String: JSONValue]) {
    guard let fault = spec.faults.removeValue(forKey: objectMarker),
      let manifest = documents["api/v1/ios/1.0.0.json"]
    else { return }
    // The channel's documents are herald's own text, which a JSON value writes back exactly.
    let path = ObjectNaming.path(of: manifest.documentBytes)
    guard fault["tamper"] != nil else {
      spec.faults[path] = fault
      return
    }
    let tampered = rewritingRows(of: manifest) { row in
      guard case .object(var fields) = row, fields["blocking"] == .bool(true) else { return row }
      fields["actionUrl"] = .string("https://evil.test/pay")
      return .object(fields)
    }
    spec.faults[path] = .object([
      "body": .string(String(decoding: tampered.documentBytes, as: UTF8.self))
    ])
  }

  /// An index with each platform's `liveObject` and each release's `object` changed, or removed
  /// where `change` gives nil.
  static func rewritingObjects(of index: JSONValue, _ change: (JSONValue) -> JSONValue?)
    -> JSONValue
  {
    guard case .object(var fields) = index, case .object(var platforms)? = fields["platforms"]
    else { return index }
    for (key, platform) in platforms {
      guard case .object(var entry) = platform else { continue }
      entry["liveObject"] = entry["liveObject"].flatMap(change)
      if case .array(let releases)? = entry["releases"] {
        entry["releases"] = .array(
          releases.map { release in
            guard case .object(var fields) = release else { return release }
            fields["object"] = fields["object"].flatMap(change)
            return .object(fields)
          })
      }
      platforms[key] = .object(entry)
    }
    fields["platforms"] = .object(platforms)
    return .object(fields)
  }
}
