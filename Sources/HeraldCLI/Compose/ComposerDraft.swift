import Foundation
import HeraldContent
import HeraldCore

/// A record as the composer's form holds it: each field's value as typed (text, a yes/no, a list
/// of platforms, a rollout, translations) and the body's Markdown; written out in one canonical
/// Markdown form, with the line each field starts at so a problem lands at its field.
struct ComposerDraft: Sendable, Equatable {
  /// The fields by name (`AnnouncementField`), as the form sends them; empty ones are absent.
  var fields: [String: JSONValue]
  /// The body's Markdown.
  var body: String

  /// The record's id, when it is text.
  var id: String? {
    guard case .string(let id)? = fields[AnnouncementField.id.rawValue] else { return nil }
    return id
  }

  /// Reads the form's JSON (`{"fields": {...}, "body": "..."}`); empty text, empty lists and
  /// nulls are dropped, so a cleared input is an absent field.
  init?(json: JSONValue) {
    guard case .object(let members) = json, case .object(let given)? = members["fields"] else {
      return nil
    }
    var fields: [String: JSONValue] = [:]
    for (key, value) in given where AnnouncementField(rawValue: key) != nil {
      if let kept = Self.kept(value) { fields[key] = kept }
    }
    fields[AnnouncementField.body.rawValue] = nil
    self.fields = fields
    if case .string(let body)? = members["body"] { self.body = body } else { body = "" }
  }

  init(fields: [String: JSONValue], body: String) {
    self.fields = fields
    self.body = body
  }

  /// A value the form means: not empty text, an empty list or object, or null.
  private static func kept(_ value: JSONValue) -> JSONValue? {
    switch value {
    case .null: return nil
    case .string(let text): return text.trimmingWhitespace().isEmpty ? nil : .string(text)
    case .array(let items):
      let kept = items.compactMap(Self.kept)
      return kept.isEmpty ? nil : .array(kept)
    case .object(let members):
      var kept: [String: JSONValue] = [:]
      for (key, member) in members { kept[key] = Self.kept(member) }
      return kept.isEmpty ? nil : .object(kept)
    default: return value
    }
  }

  /// The draft of a record file as written, to fill the form: every value as typed.
  init(source: WrittenRecord) {
    var fields: [String: JSONValue] = [:]
    for entry in source.entries where AnnouncementField(rawValue: entry.key) != nil {
      if let value = Self.kept(Self.json(entry.value, key: entry.key)) { fields[entry.key] = value }
    }
    self.init(fields: fields, body: source.body)
  }

  /// A written value as the form holds it: text as typed, yes/no fields as booleans.
  private static func json(_ node: SourceNode, key: String) -> JSONValue {
    switch node.value {
    case .scalar(.plain(let text)), .scalar(.string(let text)), .scalar(.number(let text)):
      if Self.booleans.contains(key), text == "true" || text == "false" {
        return .bool(text == "true")
      }
      return .string(text)
    case .scalar(.boolean(let value)): return .bool(value)
    case .scalar(.null): return .null
    case .sequence(let items): return .array(items.map { json($0, key: "") })
    case .mapping(let entries):
      var members: [String: JSONValue] = [:]
      for entry in entries { members[entry.key] = json(entry.value, key: entry.key) }
      return .object(members)
    }
  }

  /// The fields that are yes or no.
  static let booleans: Set<String> = ["blocking", "active", "draft"]
  /// The fields written as they are typed (ids, choices, versions, times, durations).
  static let plainFields: Set<String> = [
    "id", "severity", "kind", "minVersion", "maxVersion", "belowVersion", "confirmBlocking",
    "publishAt", "expiresAt", "updatedAt", "remindAfter",
  ]

  /// The canonical Markdown: front matter in the fields' order (DESIGN §2), free text quoted,
  /// defaults left out, then the body; and for each field, the line it starts at.
  func markdown() -> (text: String, lines: [String: Int]) {
    var lines = ["---"]
    var starts: [String: Int] = [:]
    for field in AnnouncementField.allCases where field != .body {
      guard let value = fields[field.rawValue] else { continue }
      let key = field.rawValue
      // The defaults say nothing: an active record that is neither a wall nor a draft.
      if value == .bool(key == "active") { continue }
      starts[key] = lines.count + 1
      lines += Self.lines(key: key, value: value, indent: "")
    }
    lines.append("---")
    starts["body"] = lines.count + 1
    var text = lines.joined(separator: "\n") + "\n"
    let body = body.trimmingCharacters(in: .newlines)
    if !body.isEmpty { text += body + "\n" }
    return (text, starts)
  }

  /// A field's lines in YAML: a scalar on the key's line, a list or mapping in flow style, and
  /// translations as a block of one mapping per locale.
  private static func lines(key: String, value: JSONValue, indent: String) -> [String] {
    if key == "translations", case .object(let locales) = value {
      var lines = [indent + "translations:"]
      for locale in locales.keys.sorted() {
        guard case .object(let words)? = locales[locale] else { continue }
        lines.append(indent + "  " + scalar(locale, plain: true) + ":")
        for word in AnnouncementField.translatable.map(\.rawValue) {
          if let text = words[word] { lines.append(indent + "    \(word): " + flow(text)) }
        }
      }
      return lines
    }
    return [indent + key + ": " + flow(value, plain: plainFields.contains(key))]
  }

  /// A value in YAML's flow style: text quoted (as a JSON string, which YAML reads alike) unless
  /// it is a field written as typed and needs no quotes.
  private static func flow(_ value: JSONValue, plain: Bool = false) -> String {
    switch value {
    case .string(let text): return scalar(text, plain: plain)
    case .bool(let value): return value ? "true" : "false"
    case .integer(let value): return String(value)
    case .array(let items):
      return "[" + items.map { flow($0, plain: true) }.joined(separator: ", ") + "]"
    case .object(let members):
      let order = ["salt", "after", "at", "share", "steps"]
      let keys = members.keys.sorted {
        (order.firstIndex(of: $0) ?? order.count, $0) < (
          order.firstIndex(of: $1) ?? order.count, $1
        )
      }
      return "{"
        + keys.compactMap { key in members[key].map { "\(key): " + flow($0, plain: key != "salt") }
        }
        .joined(separator: ", ") + "}"
    case .null, .preformatted: return "null"
    }
  }

  /// Text as YAML reads it back unchanged: plain when asked and safe, else double-quoted.
  private static func scalar(_ text: String, plain: Bool) -> String {
    let safe =
      !text.isEmpty && text.utf8.first.map { Self.plainStart.contains($0) } == true
      && text.utf8.allSatisfy { Self.plainBody.contains($0) } && !text.contains(": ")
      && !text.hasSuffix(":")
    if plain && safe { return text }
    return String(JSONValue.string(text).document.dropLast())
  }

  private static let plainStart = Set(
    Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8))
  private static let plainBody = plainStart.union(Array("._:+-%".utf8))
}
