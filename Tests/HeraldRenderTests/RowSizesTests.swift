import HeraldCore
import HeraldProtocol
import Testing

@testable import HeraldRender

@Suite("A document's row sizes, found by walking its platform's live rows")
struct RowSizesTests {
  static func record(_ id: String) -> Announcement {
    Announcement(
      id: id, title: id, severity: .info, kind: .notice, publishAt: Timestamp(seconds: 0))
  }

  static let live = ["a", "b", "c", "d"].map(record)
  static let sizes = RowSizes(live: live, bytes: [10, 20, 30, 40])

  /// Weighs each record of a document with one cursor, as a document's size does.
  static func weigh(_ records: [Announcement]) -> [Int] {
    var cursor = 0
    return records.map { sizes.bytes(of: $0, from: &cursor) }
  }

  @Test("a document's records in the live order get their own rows' sizes")
  func inOrder() {
    #expect(Self.weigh(Self.live) == [10, 20, 30, 40])
    #expect(Self.weigh([Self.live[1], Self.live[3]]) == [20, 40])
    #expect(Self.weigh([]) == [])
  }

  @Test("a record out of the live order, or a copy read apart, is found by its id")
  func outOfOrder() {
    #expect(Self.weigh([Self.live[2], Self.live[0], Self.live[3]]) == [30, 10, 40])
    #expect(Self.weigh([Self.record("b"), Self.live[2]]) == [20, 30])
  }

  @Test("a record that is not live weighs nothing")
  func notLive() {
    #expect(Self.weigh([Self.record("z"), Self.live[0]]) == [0, 10])
  }
}
