/// Where a deploy goes: `s3://BUCKET[/PREFIX]` (DESIGN §10).
package struct S3Location: Sendable, Equatable, CustomStringConvertible {
  /// The bucket's name.
  package let bucket: String
  /// The folder inside it, without slashes at either end; empty for the bucket's root.
  package let prefix: String

  /// Reads `s3://BUCKET[/PREFIX]`; nil, with why, for anything else.
  package static func parse(_ text: String) -> Result<S3Location, DeployError> {
    let problem = DeployError.usage(
      "\(text) is not an s3://BUCKET[/PREFIX] URL",
      hint: "write the bucket as s3://my-bucket or s3://my-bucket/whats-new")
    guard text.hasPrefix("s3://") else { return .failure(problem) }
    let rest = text.dropFirst(5)
    let bucket = String(rest.prefix { $0 != "/" })
    let allowed = bucket.utf8.allSatisfy {
      (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x2E
    }
    guard (3...63).contains(bucket.utf8.count), allowed, bucket.first != ".", bucket.first != "-"
    else { return .failure(problem) }
    var prefix = String(rest.dropFirst(bucket.count))
    while prefix.hasPrefix("/") { prefix.removeFirst() }
    while prefix.hasSuffix("/") { prefix.removeLast() }
    let segments = prefix.split(separator: "/", omittingEmptySubsequences: false)
    guard prefix.isEmpty || segments.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
      return .failure(problem)
    }
    return .success(S3Location(bucket: bucket, prefix: prefix))
  }

  /// The object key of a file of the output.
  package func key(_ path: String) -> String { prefix.isEmpty ? path : prefix + "/" + path }

  /// The file of the output an object key holds, or nil for a key outside the prefix.
  package func path(_ key: String) -> String? {
    guard !prefix.isEmpty else { return key }
    guard key.hasPrefix(prefix + "/") else { return nil }
    return String(key.dropFirst(prefix.count + 1))
  }

  /// The location as written.
  package var description: String { "s3://\(bucket)" + (prefix.isEmpty ? "" : "/" + prefix) }
}
