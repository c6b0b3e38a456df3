extension AnnouncementDecoder {
  /// The fields of a rollout written as a mapping.
  private static let rolloutFields = ["share", "steps", "salt"]
  /// The fields of one step.
  private static let stepFields = ["after", "share"]

  /// `rollout`: a share (`25%`), a list of steps (`[{after: 0d, share: 1%}, …]`), or a mapping
  /// with one of `share` or `steps` and an optional `salt`; each step's time, counted from
  /// `publishAt` when it is known, must be one apps read.
  func decodeRollout(_ node: SourceNode, publishAt: Timestamp?, reader: inout FieldReader)
    -> RolloutPlan?
  {
    switch node.value {
    case .sequence:
      return decodeSteps(node, salt: nil, publishAt: publishAt, reader: &reader)
    case .mapping(let entries):
      let fields = reader.knownEntries(
        entries, known: Self.rolloutFields, context: "the rollout")
      let salt = fields["salt"].flatMap { entry -> String? in
        guard let text = reader.text(entry.value, field: "salt") else { return nil }
        if text.trimmingWhitespace().isEmpty {
          reader.error(.emptyValue, at: entry.value.position, "the rollout's salt is empty")
          return nil
        }
        return text
      }
      switch (fields["share"], fields["steps"]) {
      case (let share?, nil):
        return Self.share(share.value, reader: &reader).map {
          RolloutPlan(salt: salt, steps: [.init(after: 0, share: $0)])
        }
      case (nil, let steps?):
        return decodeSteps(steps.value, salt: salt, publishAt: publishAt, reader: &reader)
      default:
        reader.error(
          .invalidRollout, at: node.position, "a rollout has either a share or steps",
          hint: "write rollout: {share: 25%} or rollout: {steps: [{after: 0d, share: 1%}]}")
        return nil
      }
    case .scalar:
      return Self.share(node, reader: &reader).map {
        RolloutPlan(salt: nil, steps: [.init(after: 0, share: $0)])
      }
    }
  }

  /// The steps: each `after` later than the one before, each share at least the one before.
  private func decodeSteps(
    _ node: SourceNode, salt: String?, publishAt: Timestamp?, reader: inout FieldReader
  ) -> RolloutPlan? {
    guard case .sequence(let items) = node.value, !items.isEmpty else {
      reader.error(
        .invalidRollout, at: node.position, "the rollout's steps must be a list of steps",
        hint: "write steps as [{after: 0d, share: 1%}, {after: 1d, share: 10%}]")
      return nil
    }
    var steps: [RolloutPlan.Step] = []
    var complete = true
    for item in items {
      guard let entries = reader.mapping(item, field: "a rollout step") else {
        complete = false
        continue
      }
      let fields = reader.knownEntries(entries, known: Self.stepFields, context: "a rollout step")
      guard let after = fields["after"], let share = fields["share"] else {
        reader.error(
          .invalidRollout, at: item.position, "a rollout step needs after and share",
          hint: "write {after: 1d, share: 10%}")
        complete = false
        continue
      }
      guard let seconds = Self.duration(after.value, field: "after", reader: &reader),
        let value = Self.share(share.value, reader: &reader)
      else {
        complete = false
        continue
      }
      if let publishAt, publishAt.adding(seconds: seconds) == nil {
        reader.error(
          .timeOutOfRange, at: after.value.position,
          "the rollout step after \(Self.durationText(seconds)) begins after"
            + " 9999-12-31T23:59:59Z, the last time apps read",
          hint: "a step's after counts from publishAt (\(publishAt)): give a shorter duration")
        complete = false
      } else if let last = steps.last, seconds <= last.after {
        reader.error(
          .invalidRollout, at: after.value.position,
          "the rollout's steps are out of order: after \(Self.durationText(seconds)) comes"
            + " after \(Self.durationText(last.after))",
          hint: "list the steps from the earliest to the latest, each later than the one before")
        complete = false
      } else if let last = steps.last, value < last.share {
        reader.error(
          .invalidRollout, at: share.value.position,
          "the rollout narrows from \(RolloutShare.text(last.share)) to"
            + " \(RolloutShare.text(value)): a share never decreases",
          hint: "a user once reached stays reached; to stop the rollout, set active: false")
        complete = false
      }
      steps.append(.init(after: seconds, share: value))
    }
    return complete ? RolloutPlan(salt: salt, steps: steps) : nil
  }

  /// A share written `25%` or `0.5%` (at most two decimals), in buckets of 10,000.
  static func share(_ node: SourceNode, reader: inout FieldReader) -> Int? {
    guard let text = reader.text(node, field: "share") else { return nil }
    let trimmed = text.trimmingWhitespace()
    let digits = trimmed.hasSuffix("%") ? String(trimmed.dropLast()) : ""
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    let isDigits = { (part: Substring) in !part.isEmpty && part.allSatisfy(\.isASCIIDigit) }
    guard (1...2).contains(parts.count), isDigits(parts[0]), parts[0].count <= 4,
      parts.count == 1 || (isDigits(parts[1]) && parts[1].count <= 2),
      let whole = Int(parts[0])
    else {
      reader.error(
        .invalidRollout, at: node.position, "share \"\(text)\" is not a percentage",
        hint: "write a percentage from 0% to 100%, such as 25% or 0.5%")
      return nil
    }
    // Hundredths of a percent: `0.5` is 50 of them, `0.05` is 5.
    let fraction = parts.count == 2 ? (Int(parts[1]) ?? 0) * (parts[1].count == 1 ? 10 : 1) : 0
    let share = whole * 100 + fraction
    guard share <= Int(RolloutBucket.count) else {
      reader.error(
        .invalidRollout, at: node.position, "share \(trimmed) is over 100%",
        hint: "a share is from 0% to 100%")
      return nil
    }
    return share
  }

  /// A duration written as a whole number of minutes, hours, days or weeks (`30m`, `12h`, `7d`,
  /// `2w`), in seconds.
  static func duration(_ node: SourceNode, field: String, reader: inout FieldReader) -> Int64? {
    guard let text = reader.text(node, field: field) else { return nil }
    let trimmed = text.trimmingWhitespace()
    let units: [Character: Int64] = ["m": 60, "h": 3600, "d": 86_400, "w": 604_800]
    guard let unit = trimmed.last.flatMap({ units[$0] }), trimmed.count >= 2,
      trimmed.dropLast().allSatisfy(\.isASCIIDigit), trimmed.count <= 7,
      let count = Int64(trimmed.dropLast())
    else {
      reader.error(
        .invalidDuration, at: node.position, "\(field) \"\(text)\" is not a duration",
        hint: "write a whole number of minutes, hours, days or weeks: 30m, 12h, 7d, 2w")
      return nil
    }
    return count * unit
  }

  /// A duration as the records write it, in its largest whole unit.
  package static func durationText(_ seconds: Int64) -> String {
    for (unit, size) in [("w", Int64(604_800)), ("d", 86_400), ("h", 3600), ("m", 60)]
    where seconds >= size && seconds % size == 0 {
      return "\(seconds / size)\(unit)"
    }
    return seconds == 0 ? "0d" : "\(seconds)s"
  }
}

extension Character {
  /// Whether it is one of 0 to 9.
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
