import HeraldCore

/// The words of one locale, as templates read them (`{{t.why}}`) and as herald fills them in
/// (`Page {number} of {count}`).
struct ThemeWords: Sendable, Hashable {
  /// Each word's text, already merged along the locale's fallbacks.
  let table: [String: String]
  /// The months' names, January first: looked up once rather than by a key made for every date.
  private let monthNames: [String]
  /// Each word with the places of its `{name}`s found.
  private let templates: [String: WordTemplate]
  /// The date's word, which every record's page fills in up to three times.
  private let dateTemplate: WordTemplate

  /// The words of a table.
  init(table: [String: String]) {
    self.table = table
    monthNames = (1...12).map { Self.word("month\($0)", in: table) }
    templates = table.mapValues(WordTemplate.init)
    dateTemplate = WordTemplate(Self.word("date", in: table))
  }

  /// Equal when the tables are: everything else is made from the table.
  static func == (lhs: ThemeWords, rhs: ThemeWords) -> Bool { lhs.table == rhs.table }

  /// Hashes the table, which everything else is made from.
  func hash(into hasher: inout Hasher) { hasher.combine(table) }

  /// A word's text (its key when no table has it, which `check` refuses before a build).
  subscript(_ key: String) -> String { Self.word(key, in: table) }

  /// A word's text in a table, or its key when the table lacks it: one rule for every word, the
  /// month names looked up once included.
  private static func word(_ key: String, in table: [String: String]) -> String {
    table[key] ?? key
  }

  /// A word with its `{name}`s filled in, in one pass: a value is never searched again, so a
  /// title holding `{count}` stays as written (several calls per record: Foundation's search and
  /// replace was an eighth of a 10,000-record build).
  func format(_ key: String, _ values: KeyValuePairs<String, String>) -> String {
    (templates[key] ?? WordTemplate(self[key])).filled(values)
  }

  /// A date as the locale writes it: `3 November 2026`, `3. November 2026`.
  func date(_ timestamp: Timestamp) -> String {
    let date = timestamp.calendarDate
    return dateTemplate.filled(
      ["day": String(date.day), "month": monthName(date.month), "year": String(date.year)])
  }

  /// A month as the locale writes it: `November 2026`.
  func month(_ timestamp: Timestamp) -> String {
    let date = timestamp.calendarDate
    return format("monthYear", ["month": monthName(date.month), "year": String(date.year)])
  }

  /// A month's name, from 1 for January (as `self["month1"]`).
  private func monthName(_ month: Int64) -> String {
    (1...12).contains(month) ? monthNames[Int(month) - 1] : self["month\(month)"]
  }

  /// Names in a sentence: `iOS`, `iOS and Android`, `iOS, Android and Web`.
  func list(_ names: [String]) -> String {
    guard names.count > 1, let last = names.last else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " " + self["and"] + " " + last
  }

  /// A record's versions in words: `1.10.0 and later`, `up to 1.8.0`, `all versions`.
  func versions(_ range: VersionRange) -> String {
    if let below = range.below {
      return range.minimum.map {
        format("belowFrom", ["minimum": $0.description, "below": below.description])
      } ?? format("belowAll", ["below": below.description])
    }
    switch (range.minimum, range.maximum) {
    case (nil, nil): return self["allVersions"]
    case (let minimum?, nil): return format("andLater", ["minimum": minimum.description])
    case (nil, let maximum?): return format("upTo", ["maximum": maximum.description])
    case (let minimum?, let maximum?) where minimum == maximum:
      return format("only", ["version": minimum.description])
    case (let minimum?, let maximum?):
      return format("fromTo", ["minimum": minimum.description, "maximum": maximum.description])
    }
  }

  /// A wall's range after "Versions": `up to 1.8.9`, `below 1.9.0`.
  func headlineRange(_ range: VersionRange) -> String {
    guard let below = range.below else { return versions(range) }
    return range.minimum.map {
      format("headlineBelowFrom", ["minimum": $0.description, "below": below.description])
    } ?? format("headlineBelow", ["below": below.description])
  }

  /// A kind as a label says it.
  func kind(_ kind: Kind) -> String {
    switch kind {
    case .whatsNew: return self["kindWhatsNew"]
    case .updateAvailable: return self["kindUpdateAvailable"]
    case .notice: return self["kindNotice"]
    }
  }

  /// A record's kind as its label says it: "Update required" above a wall, whatever its kind
  /// (an "Update available" label above a mandatory wall says the opposite of what it does).
  func kindLabel(_ announcement: Announcement) -> String {
    announcement.blocking ? self["updateRequired"] : kind(announcement.kind)
  }

  /// What an action's button says when the record gives no label.
  func defaultAction(_ kind: Kind) -> String {
    switch kind {
    case .whatsNew: return self["actionWhatsNew"]
    case .updateAvailable: return self["actionUpdateAvailable"]
    case .notice: return self["actionNotice"]
    }
  }

  /// A severity as a label says it.
  func severity(_ severity: Severity) -> String {
    switch severity {
    case .info: return self["severityInfo"]
    case .important: return self["severityImportant"]
    case .critical: return self["severityCritical"]
    }
  }

  /// The words as the `t` object templates read.
  var templateValue: TemplateValue {
    .object(TemplateObject(table.mapValues(TemplateValue.string)))
  }
}
