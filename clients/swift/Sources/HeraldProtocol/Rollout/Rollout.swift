/// A record's rollout as a row carries it (DESIGN §5.8): its salt and the shares it reaches from
/// each time on, so every client decides who is inside from the same numbers.
package struct Rollout: Sendable, Hashable, Codable {
  /// What the bucket is salted with: the record's id unless the record names another salt.
  package let salt: String
  /// From each step's time on, the share of users reached, in time order, never decreasing.
  package let steps: [RolloutStep]

  /// Makes a rollout.
  package init(salt: String, steps: [RolloutStep]) {
    self.salt = salt
    self.steps = steps
  }

  /// Reads a rollout, refusing one no client could decide alike: no salt, no steps, or a share
  /// outside 0…10,000 (the row is then left out, never shown to everyone).
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    salt = try container.decode(String.self, forKey: .salt)
    steps = try container.decode([RolloutStep].self, forKey: .steps)
    guard !salt.isEmpty, !steps.isEmpty else {
      throw DecodingError.dataCorruptedError(
        forKey: .steps, in: container, debugDescription: "a rollout needs a salt and steps")
    }
  }

  /// The share reached at a time, in buckets of 10,000: that of the last step begun, 0 before the
  /// first.
  package func share(at now: Timestamp) -> Int {
    steps.last { $0.at <= now }?.share ?? 0
  }

  /// Whether an audience is inside the share at a time: its bucket is below it (for a user
  /// inside every rollout, whether the share is above 0%; outside every one, whether it is 100%).
  package func reaches(_ audience: RolloutAudience, at now: Timestamp) -> Bool {
    audience.bucket(salt: salt) < share(at: now)
  }
}

/// One step of a rollout: from `at` on, `share` of 10,000 buckets are reached.
package struct RolloutStep: Sendable, Hashable, Codable {
  /// When the step begins.
  package let at: Timestamp
  /// The share reached from then on, in buckets of 10,000 (2500 is 25%).
  package let share: Int

  /// Makes a step.
  package init(at: Timestamp, share: Int) {
    self.at = at
    self.share = share
  }

  /// Reads a step; a share outside 0…10,000 is refused.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    at = try container.decode(Timestamp.self, forKey: .at)
    share = try container.decode(Int.self, forKey: .share)
    guard (0...Int(RolloutBucket.count)).contains(share) else {
      throw DecodingError.dataCorruptedError(
        forKey: .share, in: container, debugDescription: "a share is 0 to 10000")
    }
  }
}

/// A share of 10,000 buckets written as a percentage, as records write it: `25%`, `0.5%`.
package enum RolloutShare {
  /// The percentage text of a share: whole when it is, else with the hundredths it needs.
  package static func text(_ share: Int) -> String {
    let whole = share / 100
    let hundredths = share % 100
    if hundredths == 0 { return "\(whole)%" }
    let fraction =
      hundredths % 10 == 0 ? "\(hundredths / 10)" : (hundredths < 10 ? "0" : "") + "\(hundredths)"
    return "\(whole).\(fraction)%"
  }
}
