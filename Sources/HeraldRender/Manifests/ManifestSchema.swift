import HeraldCore

/// The JSON Schema (2020-12) of the documents under `api/v1/`: a release's manifest, a platform's
/// `live.json`, and the channel.
enum ManifestSchema {
  /// A record id, as rows carry it.
  static let identifierPattern = "^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$"

  /// The schema document; `id` is where it is published.
  static func document(id: String) -> JSONValue {
    func string(_ extra: [String: JSONValue] = [:]) -> JSONValue {
      .object(extra.merging(["type": .string("string")]) { first, _ in first })
    }
    func ref(_ name: String) -> JSONValue { .object(["$ref": .string("#/$defs/\(name)")]) }
    func nullable(_ name: String) -> JSONValue {
      .object(["anyOf": .array([ref(name), .object(["type": .string("null")])])])
    }
    func closedObject(_ properties: [String: JSONValue], optional: [String] = []) -> JSONValue {
      .object([
        "type": .string("object"),
        "properties": .object(properties),
        "required": .array(
          properties.keys.filter { !optional.contains($0) }
            .sorted().map(JSONValue.string)),
        "additionalProperties": .bool(false),
      ])
    }
    let identifier = "(?:[0-9A-Za-z-]+)(?:\\.[0-9A-Za-z-]+)*"
    // A row field's schema, from its one description in `ManifestRowField.all`.
    func property(_ field: ManifestRowField) -> JSONValue {
      var schema: [String: JSONValue]
      switch field.type {
      case .identifier:
        schema = ["type": .string("string"), "pattern": .string(Self.identifierPattern)]
      case .title: schema = ["type": .string("string"), "minLength": .integer(1)]
      case .text: schema = ["type": .string("string")]
      case .uri: schema = ["type": .string("string"), "format": .string("uri")]
      case .severity: schema = ["enum": .array(Severity.allCases.map { .string($0.rawValue) })]
      case .kind: schema = ["enum": .array(Kind.allCases.map { .string($0.rawValue) })]
      case .body:
        let strings = JSONValue.object(["type": .string("array"), "items": string()])
        schema = [
          "type": .string("object"),
          "properties": .object(["paragraphs": strings, "bullets": strings]),
          "required": .array([.string("bullets"), .string("paragraphs")]),
          "additionalProperties": .bool(false),
        ]
      case .boolean: schema = ["type": .string("boolean")]
      case .timestamp: schema = ["$ref": .string("#/$defs/timestamp")]
      case .version: schema = ["$ref": .string("#/$defs/version")]
      case .rollout: schema = ["$ref": .string("#/$defs/rollout")]
      case .reminderSeconds:
        schema = [
          "type": .string("integer"),
          "minimum": .integer(ClientLimits.minimumRemindAfter),
          "maximum": .integer(ClientLimits.maximumRemindAfter),
        ]
      }
      if field.presence == .nullable {
        if case .string(let type) = schema["type"] {
          schema["type"] = .array([.string(type), .string("null")])
        } else {
          schema = ["anyOf": .array([.object(schema), .object(["type": .string("null")])])]
        }
      }
      schema["description"] = .string(field.documentation)
      return .object(schema)
    }
    let row = JSONValue.object([
      "type": .string("object"),
      "properties": .object(
        Dictionary(uniqueKeysWithValues: ManifestRowField.all.map { ($0.key, property($0)) })),
      "required": .array(
        ManifestRowField.all.filter { $0.presence != .draftBuildsOnly }.map(\.key).sorted()
          .map(JSONValue.string)),
      "additionalProperties": .bool(false),
    ])
    let rows = JSONValue.object(["type": .string("array"), "items": ref("announcement")])
    let step = closedObject([
      "at": ref("timestamp"),
      "share": .object([
        "type": .string("integer"), "minimum": .integer(0),
        "maximum": .integer(Int(RolloutBucket.count)),
      ]),
    ])
    let rollout = closedObject([
      "salt": string(["minLength": .integer(1)]),
      "steps": .object(["type": .string("array"), "items": step, "minItems": .integer(1)]),
    ])
    let common: [String: JSONValue] = [
      "schemaVersion": .object(["const": .integer(ManifestWriter.schemaVersion)]),
      "platform": string(["pattern": .string("^[a-z][a-z0-9-]*$")]),
      "updated": nullable("timestamp"),
      "nextChangeAt": nullable("timestamp"),
      "announcements": rows,
    ]
    let release = closedObject(
      common.merging(
        ["scope": .object(["const": .string("release")]), "version": ref("version")]
      ) { first, _ in first })
    let all = closedObject(
      common.merging(["scope": .object(["const": .string("live")])]) { first, _ in first })
    // A document's content-addressed copy (DESIGN §3): absent from a channel built before them.
    let object = closedObject([
      "url": string(["format": .string("uri")]),
      "sha256": string(["pattern": .string("^[0-9a-f]{64}$")]),
      "bytes": .object(["type": .string("integer"), "minimum": .integer(0)]),
    ])
    let releaseEntry = closedObject(
      [
        "version": ref("version"), "manifest": string(["format": .string("uri")]),
        "object": object,
      ], optional: ["object"])
    let platform = closedObject(
      [
        "store": .object(["type": .array([.string("string"), .string("null")])]),
        "currentRelease": nullable("version"),
        "live": string(["format": .string("uri")]),
        "liveObject": object,
        "releases": .object(["type": .string("array"), "items": releaseEntry]),
      ], optional: ["liveObject"])
    let localeChannel = closedObject([
      "locale": string(), "index": string(["format": .string("uri")]),
    ])
    let channel = closedObject(
      [
        "locales": .object([
          "type": .string("array"), "items": localeChannel, "minItems": .integer(2),
        ]),
        "schemaVersion": .object(["const": .integer(ManifestWriter.schemaVersion)]),
        "title": string(),
        "language": string(),
        "baseURL": string(["format": .string("uri")]),
        "archive": string(["format": .string("uri")]),
        "feed": string(["format": .string("uri")]),
        "schema": string(["format": .string("uri")]),
        "updated": nullable("timestamp"),
        "nextChangeAt": nullable("timestamp"),
        "platforms": .object([
          "type": .string("object"),
          "propertyNames": .object(["pattern": .string("^[a-z][a-z0-9-]*$")]),
          "additionalProperties": platform,
        ]),
      ], optional: ["locales"])
    return .object([
      "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
      "$id": .string(id),
      "title": .string("herald channel and manifests"),
      "description": .string(
        "A release's manifest (scope release), a platform's live.json (scope all), or the channel"
          + " index (api/v1/index.json)."),
      "oneOf": .array([ref("releaseManifest"), ref("platformManifest"), ref("channel")]),
      "$defs": .object([
        "timestamp": string([
          "format": .string("date-time"),
          "pattern": .string(
            "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?Z$"),
        ]),
        "version": string([
          "pattern": .string("^[0-9]+(\\.[0-9]+)*(-\(identifier))?(\\+\(identifier))?$")
        ]),
        "announcement": row,
        "rollout": rollout,
        "releaseManifest": release,
        "platformManifest": all,
        "channel": channel,
      ]),
    ])
  }
}
