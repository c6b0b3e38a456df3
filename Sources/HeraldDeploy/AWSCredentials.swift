import Foundation

/// The keys a deploy signs its requests with, found where AWS's own tools look: the environment
/// (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`), else a profile of the
/// shared credentials file (`AWS_SHARED_CREDENTIALS_FILE`, else `~/.aws/credentials`; the profile
/// `--profile`, else `AWS_PROFILE`, else `default`).
package struct AWSCredentials: Sendable {
  /// The access key id.
  package let accessKeyID: String
  /// The secret access key; never printed.
  package let secretAccessKey: String
  /// A temporary session's token, if any.
  package let sessionToken: String?

  /// The credentials, or why there are none.
  package static func find(profile: String?, environment: [String: String])
    -> Result<AWSCredentials, DeployError>
  {
    if profile == nil, let id = environment["AWS_ACCESS_KEY_ID"], !id.isEmpty,
      let secret = environment["AWS_SECRET_ACCESS_KEY"], !secret.isEmpty
    {
      return .success(
        AWSCredentials(
          accessKeyID: id, secretAccessKey: secret,
          sessionToken: environment["AWS_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }))
    }
    let name = profile ?? environment["AWS_PROFILE"] ?? "default"
    let home = environment["HOME"] ?? NSHomeDirectory()
    let file = environment["AWS_SHARED_CREDENTIALS_FILE"] ?? home + "/.aws/credentials"
    let missing = DeployError.usage(
      "no credentials for the bucket: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set,"
        + " and \(file) has no profile \(name) with both keys",
      hint: "set the two variables (in CI, from the repository's secrets), or pass --profile NAME")
    guard let text = try? String(contentsOfFile: file, encoding: .utf8),
      let fields = Self.profile(name, in: text), let id = fields["aws_access_key_id"],
      let secret = fields["aws_secret_access_key"]
    else { return .failure(missing) }
    return .success(
      AWSCredentials(
        accessKeyID: id, secretAccessKey: secret, sessionToken: fields["aws_session_token"]))
  }

  /// The keys of a `[profile]` section of an INI file.
  static func profile(_ name: String, in text: String) -> [String: String]? {
    var current: String?
    var fields: [String: String]?
    for raw in text.split(whereSeparator: \.isNewline) {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
      if line.hasPrefix("[") && line.hasSuffix("]") {
        current = String(line.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
        if current == name && fields == nil { fields = [:] }
        continue
      }
      guard current == name, let equals = line.firstIndex(of: "=") else { continue }
      let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
      fields?[key] = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    }
    return fields
  }
}
