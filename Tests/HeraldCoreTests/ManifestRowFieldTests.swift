import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// `ManifestRowField.all` and `ManifestRow` describe the same fields: the table is what the schema
/// and the other clients are made from, the struct what Swift encodes and decodes.
@Suite("A row's fields are declared once")
struct ManifestRowFieldTests {
  static let published = Timestamp("2026-05-01T09:30:00Z")!
  static let bare = ManifestRow(
    id: "bare", severity: .info, kind: .notice, title: "T", publishedAt: published)

  /// The row's keys in the order its stored properties are declared (a wrapped property's storage
  /// is `_name`; `actionURL` is keyed `actionUrl`).
  static var declaredKeys: [String] {
    Mirror(reflecting: bare).children.compactMap { child in
      guard let label = child.label else { return nil }
      let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
      return ManifestRow.CodingKeys.allCases.first {
        $0.stringValue.lowercased() == name.lowercased()
      }?.stringValue
    }
  }

  @Test("ManifestRow's properties and coding keys are the table's keys, in its order")
  func sameKeys() {
    let keys = ManifestRowField.all.map(\.key)
    #expect(ManifestRow.CodingKeys.allCases.map(\.stringValue) == keys)
    #expect(Self.declaredKeys == keys)
  }

  @Test("an encoded row holds every key but draft; a nullable one is null when absent")
  func presence() throws {
    let encoded = try JSONValueEncoder.encode(Self.bare)
    guard case .object(let members) = encoded else {
      Issue.record("a row encodes as an object")
      return
    }
    for field in ManifestRowField.all {
      switch field.presence {
      case .required:
        #expect(members[field.key] != nil && members[field.key] != .null, "\(field.key)")
      case .nullable: #expect(members[field.key] == .null, "\(field.key)")
      case .draftBuildsOnly: #expect(members[field.key] == nil, "\(field.key)")
      }
    }
  }

  @Test("a missing nullable key reads as absent; a missing required key fails the row")
  func missingKeys() throws {
    let encoded = try JSONValueEncoder.encode(Self.bare)
    guard case .object(let members) = encoded else { return }
    for field in ManifestRowField.all {
      var without = members
      without[field.key] = nil
      let bytes = PreformattedJSON(.object(without), indent: 0).bytes
      let decoded = try? JSONDecoder().decode(ManifestRow.self, from: Data(bytes))
      #expect((decoded == Self.bare) == field.isOptional, "\(field.key)")
    }
  }

  @Test(
    "a remindAfter outside the clients' range fails the row", arguments: [0, 3_599, 315_360_001])
  func reminderRange(seconds: Int) throws {
    let encoded = try JSONValueEncoder.encode(Self.bare)
    guard case .object(var members) = encoded else { return }
    members["remindAfter"] = .integer(seconds)
    let bytes = PreformattedJSON(.object(members), indent: 0).bytes
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(ManifestRow.self, from: Data(bytes))
    }
    members["remindAfter"] = .integer(3_600)
    let inside = PreformattedJSON(.object(members), indent: 0).bytes
    #expect(try JSONDecoder().decode(ManifestRow.self, from: Data(inside)).remindAfter == 3_600)
  }

  @Test("each property's /// summary in ManifestRow.swift is the table's documentation")
  func documentation() throws {
    let source = try String(
      contentsOf: Fixtures.packageRoot.appending(
        path: "Sources/HeraldProtocol/Channel/ManifestRow.swift"),
      encoding: .utf8)
    var summaries: [String] = []
    var pending: [String] = []
    let declarations = source[
      ..<(source.range(of: "  package init(")?.lowerBound ?? source.endIndex)]
    for line in declarations.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("/// ") {
        pending.append(String(trimmed.dropFirst(4)))
      } else {
        if trimmed.contains("package let ") || trimmed.contains("package private(set) var ") {
          summaries.append(pending.joined(separator: " "))
        }
        pending = []
      }
    }
    #expect(summaries == ManifestRowField.all.map(\.documentation))
  }
}
