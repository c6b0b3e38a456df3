/// The rules of the `_headers` file a build writes (Netlify's and Cloudflare Pages' format),
/// read back so that each object of a deploy gets the same `Content-Type` and `Cache-Control` a
/// host reading the file would give it: the build decides the lifetimes once.
struct HeadersRules: Sendable {
  /// Each rule's path pattern and its headers, in the file's order.
  let rules: [(pattern: String, headers: [(String, String)])]

  /// Reads the file's text.
  init(_ text: String) {
    var rules: [(pattern: String, headers: [(String, String)])] = []
    for line in text.split(whereSeparator: \.isNewline) {
      if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { continue }
      if line.hasPrefix("/") {
        rules.append((String(line), []))
      } else if let colon = line.firstIndex(of: ":"), !rules.isEmpty {
        let name = line[..<colon].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        rules[rules.count - 1].headers.append((name, value))
      }
    }
    self.rules = rules
  }

  /// The value a header has for a path (`/api/v1/index.json`): the matching rules' values,
  /// joined with a comma as both hosts join them.
  func value(_ name: String, for path: String) -> String? {
    let values = rules.filter { Self.matches($0.pattern, path) }.flatMap { rule in
      rule.headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1)
    }
    return values.isEmpty ? nil : values.joined(separator: ", ")
  }

  /// Whether a pattern matches a path: `*` stands for any text (slashes too), `:name` for one
  /// segment.
  static func matches(_ pattern: String, _ path: String) -> Bool {
    let pattern = Array(pattern.utf8)
    let path = Array(path.utf8)
    func match(_ p: Int, _ s: Int) -> Bool {
      if p == pattern.count { return s == path.count }
      if pattern[p] == UInt8(ascii: "*") {
        return (s...path.count).contains { match(p + 1, $0) }
      }
      if pattern[p] == UInt8(ascii: ":") {
        var end = p + 1
        while end < pattern.count, pattern[end] != UInt8(ascii: "/") { end += 1 }
        var segment = s
        while segment < path.count, path[segment] != UInt8(ascii: "/") { segment += 1 }
        return segment > s && match(end, segment)
      }
      return s < path.count && pattern[p] == path[s] && match(p + 1, s + 1)
    }
    return match(0, 0)
  }
}
