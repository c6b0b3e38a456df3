import HeraldFiles
import HeraldSigning

/// A file of a built output as a deploy sends it: its bytes' SHA-256, its type and lifetime, and
/// when in the order it goes (DESIGN §10).
struct DeployFile: Sendable {
  /// The path in the output (and under the prefix).
  let path: String
  /// The SHA-256 of its bytes, lowercase hex.
  let sha256: String
  /// How many bytes it has.
  let size: Int
  /// Its `Content-Type`.
  let contentType: String
  /// Its `Cache-Control`, if the build gives it one.
  let cacheControl: String?
  /// When it goes: 0 what nothing points at yet, then the canonical manifests, the locales'
  /// indexes, `signed.json`, and `api/v1/index.json` last.
  let phase: Phase

  /// The steps of a deploy's order.
  enum Phase: Int, Sendable, Comparable, CaseIterable {
    case unpointed, canonical, localeIndex, statement, channel
    static func < (lhs: Phase, rhs: Phase) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether a file of the phase is a pointer, put only if no other deploy replaced it since
    /// this one began.
    var isPointer: Bool { self != .unpointed }
  }

  /// Where the content-addressed documents are: named by their bytes, never pointers.
  static let objectsFolder = "api/v1/objects/"

  /// Where a path goes in the order.
  static func phase(of path: String) -> Phase {
    guard path.hasPrefix("api/v1/"), path.hasSuffix(".json") else { return .unpointed }
    let inner = path.dropFirst("api/v1/".count)
    if inner == "index.json" { return .channel }
    if inner == "signed.json" { return .statement }
    if path.hasPrefix(objectsFolder) || inner == "manifest.schema.json" { return .unpointed }
    let segments = inner.split(separator: "/")
    if segments.count == 2 && segments[1] == "index.json" { return .localeIndex }
    return .canonical
  }

  /// The content type of a path by its extension, when `_headers` gives none.
  static func contentType(of path: String) -> String {
    let types = [
      "html": "text/html; charset=utf-8", "json": "application/json",
      "xml": "application/xml; charset=utf-8", "css": "text/css; charset=utf-8",
      "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml", "png": "image/png",
      "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
      "ico": "image/x-icon", "woff2": "font/woff2", "woff": "font/woff", "txt": "text/plain",
    ]
    let name = path.split(separator: "/").last ?? ""
    guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
    return types[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
  }

  /// Every file of an output a deploy sends (herald's bookkeeping and `_headers` aside), read
  /// and hashed, with the lifetimes of its `_headers`.
  static func scan(_ output: String) -> Result<[DeployFile], DeployError> {
    let rules = FileSystem.read(output + "/_headers").map {
      HeadersRules(String(decoding: $0, as: UTF8.self))
    }
    var files: [DeployFile] = []
    for path in FileSystem.files(under: output).sorted() {
      let top = path.prefix { $0 != "/" }
      if top.hasPrefix(".herald") || path == "_headers" { continue }
      guard case .success(let bytes) = FileSystem.readRegular(output + "/" + path) else {
        return .failure(.io("\(output)/\(path) cannot be read", hint: nil))
      }
      let url = "/" + path
      files.append(
        DeployFile(
          path: path, sha256: SHA256Digest.hex(bytes), size: bytes.count,
          contentType: rules?.value("Content-Type", for: url) ?? contentType(of: path),
          cacheControl: rules?.value("Cache-Control", for: url), phase: phase(of: path)))
    }
    return .success(files)
  }
}
