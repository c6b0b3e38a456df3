/// A record's `rollout` as written (DESIGN §2, §5.8): the shares it reaches, each from a time
/// counted from `publishAt`, and the salt of its buckets when the record names one.
package struct RolloutPlan: Sendable, Hashable {
  /// One step: from `after` seconds past `publishAt` on, `share` of 10,000 buckets are reached.
  package struct Step: Sendable, Hashable {
    /// Seconds after `publishAt`.
    package let after: Int64
    /// Of 10,000 buckets (2500 is 25%).
    package let share: Int

    /// Makes a step.
    package init(after: Int64, share: Int) {
      self.after = after
      self.share = share
    }

    /// When the step begins for a record published at `publishAt`.
    package func begins(after publishAt: Timestamp) -> Timestamp {
      Timestamp(seconds: publishAt.seconds + after, nanoseconds: publishAt.nanoseconds)
    }
  }

  /// The salt the record names, or nil for its id.
  package let salt: String?
  /// The steps, in time order, shares never decreasing.
  package let steps: [Step]

  /// Makes a plan.
  package init(salt: String?, steps: [Step]) {
    self.salt = salt
    self.steps = steps
  }

  /// The rollout as rows carry it: the salt resolved and each step at its own time.
  package func resolved(id: String, publishAt: Timestamp) -> Rollout {
    Rollout(
      salt: salt ?? id,
      steps: steps.map { RolloutStep(at: $0.begins(after: publishAt), share: $0.share) })
  }
}
