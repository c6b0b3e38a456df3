import Foundation
import HeraldCore
import HeraldRender

extension FuzzTarget {
  /// Two lines, each read as a version and as a timestamp: the order is consistent, a version's
  /// canonical name reads back as the same version, and a timestamp's text reads back as itself.
  static func versions(_ bytes: [UInt8]) {
    guard let text = text(bytes) else { return }
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
      .map(String.init)
    let versions = parts.compactMap(Version.init)
    for version in versions {
      precondition(version == version && !(version < version), "a version unequal to itself")
      guard let canonical = Version(version.canonical) else {
        preconditionFailure("canonical name \(version.canonical) of \(version) is not a version")
      }
      precondition(canonical == version, "canonical \(canonical) differs from \(version)")
      precondition(
        !version.canonical.contains("+") && !version.canonical.contains("/"),
        "a manifest name with + or /")
    }
    if versions.count == 2 {
      let (first, second) = (versions[0], versions[1])
      let ordered = [first < second, second < first, first == second].filter { $0 }
      precondition(ordered.count == 1, "\(first) and \(second) are not ordered exactly one way")
      precondition(
        (first == second) == (first.hashValue == second.hashValue) || first != second,
        "equal versions hash differently")
    }
    for part in parts {
      guard let stamp = Timestamp(part) else { continue }
      precondition(Timestamp(stamp.rfc3339) == stamp, "\(part) does not survive formatting")
    }
  }

  /// A template, a NUL, then a partial: parsing never crashes, and rendering either succeeds or
  /// stops with a positioned error.
  static func mustache(_ bytes: [UInt8]) {
    guard let text = text(bytes) else { return }
    let parts = text.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false)
    var templates = ["page": ("templates/page.mustache", String(parts[0]))]
    if parts.count > 1 { templates["partial"] = ("templates/partial.mustache", String(parts[1])) }
    guard let library = try? TemplateLibrary(templates: templates) else { return }
    let item: TemplateValue = .object([
      "title": .string("<b>&\"'"), "list": .list([.integer(1), .bool(true), .null]),
    ])
    let data: TemplateValue = .object([
      "a": .bool(true), "b": .list([item, item]), "c": item, "d": .string("x"),
      "e": .double(1.5), "partial": .string("p"),
    ])
    do {
      let page = try library.render("page", data: data)
      precondition(
        !page.contains("<b>&\"'") || text.contains("{{{") || text.contains("{{&")
          || text.contains("<b>"), "an escaped value came out raw")
    } catch {
      precondition(error.line >= 1 && error.column >= 1, "a template error without a position")
    }
  }

  /// An actionUrl: what is accepted is one of the four kinds, and never a scheme that runs code
  /// or leaves the store, https and the configured deep links.
  static func actionURL(_ bytes: [UInt8]) {
    guard let text = text(bytes) else { return }
    let schemes = ["fuzz"]
    if let target = try? ActionTarget(parsing: text, deepLinkSchemes: schemes) {
      precondition(!target.text.unicodeScalars.contains { $0.value < 0x21 }, "a control in a URL")
      switch target {
      case .store: precondition(text == "store")
      // By scalars, as a URL parser reads the text (and as ActionTarget does).
      case .web(let url):
        precondition(
          url.lowercased().unicodeScalars.starts(with: "https://".unicodeScalars), "web \(url)")
      case .deepLink(let url): precondition(url.lowercased().hasPrefix("fuzz:"), "deep \(url)")
      case .inAppPath(let path):
        let scalars = path.unicodeScalars
        precondition(
          scalars.first == "/" && !scalars.starts(with: "//".unicodeScalars), "in-app \(path)")
      }
    }
    if LinkPolicy.isSafe(text, deepLinkSchemes: schemes) {
      let lowered = text.lowercased().filter { !$0.isWhitespace }
      for scheme in ["javascript:", "data:", "vbscript:", "file:"] {
        precondition(!lowered.hasPrefix(scheme), "an unsafe link passes: \(text)")
      }
    }
  }

  /// Bytes as a client reads a document: what the strict rule accepts is JSON that Foundation's
  /// parser reads, nested within the limit; reading it as a manifest or a channel never crashes,
  /// and a refused one is never read as a manifest.
  ///
  /// (Foundation's parser, not `JSONDecoder`: a number of 85 digits is JSON, which `JSONDecoder`
  /// cannot hold in a `JSONValue`; herald's documents hold one number, `schemaVersion`, and any
  /// other than 1 is a failure in every client.)
  static func document(_ bytes: [UInt8]) {
    let data = Data(bytes)
    let problem = DocumentBytes.problem(in: data)
    _ = ChannelIndex.decode(data)
    if case .success = ManifestDocument.decode(data) {
      precondition(problem == nil, "a refused document (\(problem ?? "")) was read as a manifest")
    }
    guard problem == nil else { return }
    // The strict rule refuses a number no double holds (1e99999), which Foundation refuses too.
    guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    else { preconditionFailure("the strict rule accepted what Foundation cannot parse") }
    precondition(depth(of: value) <= ClientLimits.maximumDepth, "nested past the limit")
  }

  /// How deeply a parsed value's arrays and objects nest.
  private static func depth(of value: Any) -> Int {
    if let items = value as? [Any] { return 1 + (items.map(depth).max() ?? 0) }
    if let members = value as? [String: Any] { return 1 + (members.values.map(depth).max() ?? 0) }
    return 0
  }
}
