/// Whom a decision is made for, as rollouts see them (DESIGN §5.8): one user, by the bucket of
/// their stable id; or, for `herald explain` and the app preview, a user inside every rollout
/// begun (the default when no user is named) or outside every rollout not yet complete.
package enum RolloutAudience: Sendable, Hashable {
  /// One user, by their stable id (the signed-in user's, else the install's).
  case user(String)
  /// A user inside every share above 0%: the bucket 0.
  case inside
  /// A user outside every share below 100%: the last bucket.
  case outside

  /// The audience's bucket in a rollout salted with `salt`.
  package func bucket(salt: String) -> Int {
    switch self {
    case .user(let stableID): RolloutBucket.of(salt: salt, stableID: stableID)
    case .inside: 0
    case .outside: Int(RolloutBucket.count) - 1
    }
  }

  /// The user's stable id, or nil for a fixed place in every rollout.
  package var stableID: String? {
    if case .user(let stableID) = self { stableID } else { nil }
  }

  /// The audience of a named user, else inside every rollout.
  package init(user: String?) {
    self = user.map(Self.user) ?? .inside
  }
}
