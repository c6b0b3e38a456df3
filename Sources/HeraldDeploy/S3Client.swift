import Foundation
import HeraldClient

/// The few S3 calls a deploy makes (list, get, put, delete), path-style, signed with AWS
/// Signature V4 by libcurl: AWS S3, Cloudflare R2, Google Cloud Storage's interoperability API,
/// MinIO and SeaweedFS all answer them alike.
package struct S3Client: Sendable {
  /// The store's endpoint, such as `https://s3.eu-west-1.amazonaws.com`, without a final slash.
  package let endpoint: String
  /// The region requests are signed for.
  package let region: String
  /// The bucket and prefix.
  package let location: S3Location
  /// The keys.
  package let credentials: AWSCredentials

  /// The SHA-256 of an empty body, which every request without one declares.
  static let emptySHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

  /// Makes a client; `endpoint` nil is AWS S3's endpoint for the region.
  package init(
    endpoint: String?, region: String, location: S3Location, credentials: AWSCredentials
  ) {
    var endpoint = endpoint ?? "https://s3.\(region).amazonaws.com"
    while endpoint.hasSuffix("/") { endpoint.removeLast() }
    self.endpoint = endpoint
    self.region = region
    self.location = location
    self.credentials = credentials
  }

  /// What a PUT may require of the key's current object.
  package enum Condition: Sendable, Equatable {
    /// Nothing.
    case none
    /// That its ETag is this one (it was not replaced since the deploy began).
    case ifMatch(String)
    /// That there is none (none was there when the deploy began).
    case absent
  }

  /// Every object under the prefix, by key, with its ETag.
  package func list() -> Result<[String: String], DeployError> {
    var objects: [String: String] = [:]
    var token: String?
    repeat {
      // curl signs the query as written: its parameters go sorted by name, encoded.
      var query: [(String, String)] = [("list-type", "2")]
      if let token { query.insert(("continuation-token", token), at: 0) }
      if !location.prefix.isEmpty { query.append(("prefix", location.prefix + "/")) }
      let text = query.map { "\($0)=\(Self.encoded($1, keepingSlashes: false))" }
        .joined(separator: "&")
      let reply: CurlRequest.Reply
      switch send("GET", "/\(location.bucket)/?\(text)") {
      case .success(let answer): reply = answer
      case .failure(let error): return .failure(error)
      }
      guard reply.status == 200 else { return .failure(refusal(reply, doing: "list the bucket")) }
      let page = ListPage(reply.body)
      for (key, etag) in page.objects { objects[key] = etag }
      token = page.nextToken
    } while token != nil
    return .success(objects)
  }

  /// The bytes of an object, or nil when there is none.
  package func get(_ key: String) -> Result<[UInt8]?, DeployError> {
    send("GET", objectPath(key)).flatMap { reply in
      switch reply.status {
      case 200: .success(reply.body)
      case 404: .success(nil)
      default: .failure(refusal(reply, doing: "read \(key)"))
      }
    }
  }

  /// How a PUT went: the new ETag, or the store's refusal (a 412 when the condition failed).
  package enum PutOutcome: Sendable, Equatable {
    case stored(etag: String)
    case preconditionFailed
  }

  /// Stores an object with its type, cache lifetime and SHA-256 (metadata `sha256`).
  package func put(
    _ key: String, bytes: [UInt8], sha256: String, contentType: String,
    cacheControl: String?, condition: Condition = .none
  ) -> Result<PutOutcome, DeployError> {
    var headers = [
      ("Content-Type", contentType), ("x-amz-content-sha256", sha256),
      ("x-amz-meta-sha256", sha256),
    ]
    if let cacheControl { headers.append(("Cache-Control", cacheControl)) }
    switch condition {
    case .none: break
    case .ifMatch(let etag): headers.append(("If-Match", etag))
    case .absent: headers.append(("If-None-Match", "*"))
    }
    return send("PUT", objectPath(key), headers: headers, body: bytes).flatMap { reply in
      switch reply.status {
      case 200: .success(.stored(etag: reply.headers["etag"] ?? ""))
      case 412: .success(.preconditionFailed)
      default: .failure(refusal(reply, doing: "put \(key)"))
      }
    }
  }

  /// The ETag and SHA-256 metadata of an object, or nil when there is none.
  package func head(_ key: String) -> Result<(etag: String, sha256: String?)?, DeployError> {
    send("HEAD", objectPath(key)).flatMap { reply in
      switch reply.status {
      case 200: .success((reply.headers["etag"] ?? "", reply.headers["x-amz-meta-sha256"]))
      case 404: .success(nil)
      default: .failure(refusal(reply, doing: "look at \(key)"))
      }
    }
  }

  /// Removes an object (one that is already gone is removed too).
  package func delete(_ key: String) -> Result<Void, DeployError> {
    send("DELETE", objectPath(key)).flatMap { reply in
      [200, 204, 404].contains(reply.status)
        ? .success(()) : .failure(refusal(reply, doing: "delete \(key)"))
    }
  }

  private func objectPath(_ key: String) -> String {
    "/\(location.bucket)/" + Self.encoded(key, keepingSlashes: true)
  }

  private func send(
    _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8] = []
  ) -> Result<CurlRequest.Reply, DeployError> {
    var all = headers
    if !all.contains(where: { $0.0 == "x-amz-content-sha256" }) {
      all.append(("x-amz-content-sha256", Self.emptySHA256))
    }
    if let token = credentials.sessionToken { all.append(("x-amz-security-token", token)) }
    let request = CurlRequest(
      method: method, url: endpoint + path, headers: all.map { (name: $0.0, value: $0.1) },
      body: body, awsSigV4: "aws:amz:\(region):s3",
      userPassword: "\(credentials.accessKeyID):\(credentials.secretAccessKey)", timeout: 120)
    return request.perform().mapError { failure in
      .remote(
        "\(endpoint) did not answer (\(failure.description)); nothing more was sent",
        hint: "check --endpoint and the network; a deploy run again resumes where this stopped")
    }
  }

  /// The error of an answer that is not the one hoped for, with S3's own code.
  func refusal(_ reply: CurlRequest.Reply, doing what: String) -> DeployError {
    let text = String(decoding: reply.body, as: UTF8.self)
    let code = Self.element("Code", in: text) ?? "HTTP \(reply.status)"
    let hint: String? =
      switch code {
      case "SignatureDoesNotMatch", "InvalidAccessKeyId":
        "the access key or the secret is wrong for this store (and region \(region))"
      case "AccessDenied": "the credentials may not write this bucket"
      case "NoSuchBucket": "create the bucket first, or check its name and --endpoint"
      default: nil
      }
    return .remote("could not \(what) in \(location): \(code) (\(reply.status))", hint: hint)
  }

  /// Text with every byte outside RFC 3986's unreserved characters (and `/`, when kept)
  /// percent-encoded.
  static func encoded(_ text: String, keepingSlashes: Bool) -> String {
    var result = ""
    for byte in text.utf8 {
      let isUnreserved =
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
        || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
      if isUnreserved || (keepingSlashes && byte == 0x2F) {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        result += String(format: "%%%02X", byte)
      }
    }
    return result
  }

  /// The text of the first element of a name in an XML answer, unescaped.
  static func element(_ name: String, in text: String) -> String? {
    guard let start = text.range(of: "<\(name)>"),
      let end = text.range(of: "</\(name)>", range: start.upperBound..<text.endIndex)
    else { return nil }
    return XMLText.unescaped(String(text[start.upperBound..<end.lowerBound]))
  }
}
