import HeraldCore
import Testing

/// A record's placement is everything but the words its own pages show: an edit that keeps it
/// is rebuilt by planning again only the files that show the record.
@Suite("A record's placement")
struct PlacementTests {
  static let hasher = SipHasher(key: Fingerprint(high: 7, low: 11))

  static func record(
    title: String = "Title", body: AnnouncementBody = .empty, actionLabel: String? = nil,
    id: String = "r", severity: Severity = .info, kind: Kind = .notice,
    range: VersionRange = .unbounded, platforms: [String]? = nil, action: ActionTarget? = nil,
    active: Bool = true, draft: Bool = false, publish: Int64 = 1_000, expires: Int64? = nil,
    file: String = "content/announcements/r.md"
  ) -> Announcement {
    Announcement(
      id: id, title: title, severity: severity, kind: kind, body: body, range: range,
      platforms: platforms, action: action, actionLabel: actionLabel, active: active,
      draft: draft, publishAt: Timestamp(seconds: publish),
      expiresAt: expires.map { Timestamp(seconds: $0) },
      source: RecordSource(file: file))
  }

  static let base = record()

  @Test(
    "the words a page shows leave it as it is",
    arguments: [
      record(title: "Another title"), record(actionLabel: "Go"),
      record(body: AnnouncementBody(paragraphs: ["A paragraph."], bullets: ["A bullet"])),
    ])
  func words(_ edited: Announcement) {
    #expect(edited.placement(hasher: Self.hasher) == Self.base.placement(hasher: Self.hasher))
  }

  @Test(
    "any other field changes it",
    arguments: [
      record(id: "s"), record(severity: .important), record(kind: .whatsNew),
      record(platforms: ["ios"]), record(action: .store), record(active: false),
      record(draft: true), record(publish: 1_001), record(expires: 2_000),
      record(file: "content/announcements/s.md"),
    ])
  func fields(_ edited: Announcement) {
    #expect(edited.placement(hasher: Self.hasher) != Self.base.placement(hasher: Self.hasher))
  }
}
