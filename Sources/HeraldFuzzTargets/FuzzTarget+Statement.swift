import Foundation
import HeraldCore

extension FuzzTarget {
  /// A signed channel's `signed.json` as an app that pins a key reads it, with a checker that
  /// believes every signature (so the statement's reading is reached by any input) and a fixed
  /// digest (every pinned key's id is `0000000000000000`).
  static func statement(_ bytes: [UInt8]) {
    let trust = ChannelTrust(
      channel: "com.example.fuzz", keys: [[UInt8](repeating: 1, count: 32)],
      wallKeys: [[UInt8](repeating: 2, count: 32)])
    let now = Timestamp(seconds: 1_796_040_000)
    let highest: Int64 = 1_796_000_000
    guard
      case .success(let verified) = trust.verify(
        Data(bytes), highestGeneration: highest, now: now, crypto: BelievingChecker())
    else { return }
    let statement = verified.statement
    precondition(statement.channel == trust.channel, "another channel's statement was believed")
    precondition(statement.generation >= highest, "an older generation was believed")
    precondition(now < statement.expiresAt, "an expired statement was believed")
    precondition(
      statement.documents.values.allSatisfy { $0.bytes >= 0 && $0.sha256.utf8.count == 64 },
      "a document without a digest or a size was listed")
    for (path, listed) in statement.documents where listed.bytes < 1_000_000 {
      // A document of another size is never the one listed, whatever its digest.
      let other = Data(repeating: 0x20, count: listed.bytes + 1)
      precondition(
        ChannelTrust.problem(document: other, path: path, in: statement, crypto: BelievingChecker())
          != nil, "a document of another size was believed")
    }
  }
}

/// A checker that believes every signature and hashes everything to zeros.
private struct BelievingChecker: SignatureChecking {
  func isValid(signature: [UInt8], of message: [UInt8], by publicKey: [UInt8]) -> Bool { true }
  func sha256(_ bytes: [UInt8]) -> [UInt8] { [UInt8](repeating: 0, count: 32) }
}
