import Foundation

/// One case of `conformance/actions.json`.
public struct ActionCase: Decodable, Sendable, CustomStringConvertible {
  public let text: String
  public let kind: String?
  public var description: String { text.debugDescription }
}

/// The action table every client shares (`conformance/actions.json`).
public struct ActionTable: Decodable, Sendable {
  public let refusedSchemes: [String]
  public let refusedScalars: [[UInt32]]
  public let refusedASCII: String
  public let cases: [ActionCase]

  public static let shared: ActionTable =
    Fixtures.conformanceTable("actions.json")
    ?? ActionTable(refusedSchemes: [], refusedScalars: [], refusedASCII: "", cases: [])
}

/// One body of `conformance/malformed.json`.
public struct MalformedBody: Decodable, Sendable, CustomStringConvertible {
  public let name: String
  public let why: String
  public let base64: String
  /// The rows a client keeps, for a body it reads.
  public let ids: [String]?
  public var bytes: Data { Data(base64Encoded: base64) ?? Data() }
  public var description: String { name }
}

/// The bodies every client refuses or reads (`conformance/malformed.json`).
public struct MalformedTable: Decodable, Sendable {
  public let refused: [MalformedBody]
  public let accepted: [MalformedBody]

  public static let shared: MalformedTable =
    Fixtures.conformanceTable("malformed.json")
    ?? MalformedTable(refused: [], accepted: [])
}

extension Fixtures {
  /// A table of the repository's `conformance/` folder, decoded; nil when it cannot be read (the
  /// tests that use it then fail on its emptiness).
  static func conformanceTable<Table: Decodable>(_ name: String) -> Table? {
    let url = packageRoot.appending(path: "conformance/" + name)
    guard let data = try? Data(contentsOf: url) else { return nil }
    return try? JSONDecoder().decode(Table.self, from: data)
  }
}

/// One case of `conformance/buckets.json`.
public struct BucketCase: Decodable, Sendable, CustomStringConvertible {
  public let salt: String
  public let stableID: String
  public let bucket: Int
  public var description: String {
    "\(salt.debugDescription) \(stableID.prefix(20).debugDescription)"
  }
}

/// One case of `conformance/buckets.json`'s `loneSurrogates`: a stable id as UTF-16 code units.
public struct SurrogateBucketCase: Decodable, Sendable, CustomStringConvertible {
  public let salt: String
  public let stableIDUTF16: [UInt16]
  public let bucket: Int
  public var description: String { "\(salt.debugDescription) \(stableIDUTF16)" }
}

/// The rollout buckets every client computes the same (`conformance/buckets.json`).
public struct BucketTable: Decodable, Sendable {
  public let cases: [BucketCase]
  public let loneSurrogates: [SurrogateBucketCase]

  public static let shared: BucketTable =
    Fixtures.conformanceTable("buckets.json") ?? BucketTable(cases: [], loneSurrogates: [])
}
