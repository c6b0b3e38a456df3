import Foundation
import HeraldContent
import HeraldCore
import HeraldRender

extension FuzzTarget {
  /// A Markdown record: whatever it holds, the reader returns, every problem has a position in
  /// the file, and a record that is accepted obeys every wall rule.
  static func record(_ bytes: [UInt8]) {
    let file = "content/announcements/fuzz.md"
    let decoded = RecordFileReader(config: siteConfig).read(bytes, file: file, format: .markdown)
    checkPositions(decoded.diagnostics, file: file, lineCount: lineCount(bytes))
    if let announcement = decoded.announcement { checkAccepted(announcement) }
    // The same bytes as a translation file: every problem placed, only words kept.
    let translationFile = "content/announcements/fuzz.de.md"
    let translation = RecordFileReader(config: siteConfig).readTranslation(
      bytes, file: translationFile, id: "fuzz", locale: "de")
    checkPositions(translation.diagnostics, file: translationFile, lineCount: lineCount(bytes))
    if let body = translation.translation?.body {
      checkHTML(BodyHTMLWriter(deepLinkSchemes: siteConfig.deepLinkSchemes).html(body))
    }
  }

  /// A JSON record: the same, and JSON that herald accepts is JSON (Foundation accepts it too).
  static func json(_ bytes: [UInt8]) {
    let file = "content/announcements/fuzz.json"
    let decoded = RecordFileReader(config: siteConfig).read(bytes, file: file, format: .json)
    checkPositions(decoded.diagnostics, file: file, lineCount: lineCount(bytes))
    if let announcement = decoded.announcement { checkAccepted(announcement) }
    guard let text = text(bytes), !text.hasPrefix("\u{FEFF}") else { return }
    if case .success = JSONReader.read(text, file: file) {
      precondition(
        (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil,
        "herald accepted JSON that Foundation refuses")
    }
  }

  /// What every accepted record must satisfy: a wall is CRITICAL, has an exit, an upper bound
  /// below every reached platform's current release, and was confirmed; its body's HTML carries
  /// no markup from the record.
  static func checkAccepted(_ announcement: Announcement) {
    if announcement.blocking {
      precondition(announcement.severity == .critical, "a wall that is not CRITICAL")
      precondition(announcement.action != nil, "a wall without an exit")
      precondition(announcement.range.isBoundedAbove, "a wall without an upper bound")
      for platform in siteConfig.platforms
      where announcement.platforms?.contains(platform.key) ?? true {
        guard let current = platform.currentRelease else {
          preconditionFailure("a wall on a platform without releases")
        }
        precondition(
          !announcement.range.contains(current), "a wall that reaches the current release")
        if let maximum = announcement.range.maximum {
          precondition(maximum < current, "a wall above the current release")
        }
        if let below = announcement.range.below {
          precondition(below <= current, "a wall above the current release")
        }
      }
    }
    checkTimes(announcement)
    precondition(announcement.range.isOrdered, "an inverted range was accepted")
    precondition(
      announcement.range.maximum == nil || announcement.range.below == nil,
      "a range with two upper bounds was accepted")
    let writer = BodyHTMLWriter(deepLinkSchemes: siteConfig.deepLinkSchemes)
    checkHTML(writer.html(announcement.body))
    for locale in siteConfig.locales {
      let localized = announcement.localized(to: locale, defaultLocale: siteConfig.language)
      precondition(
        localized.id == announcement.id && localized.range == announcement.range
          && localized.blocking == announcement.blocking && localized.action == announcement.action,
        "a translation changed a fact")
      precondition(!localized.title.isEmpty, "an empty translated title was accepted")
      checkHTML(writer.html(localized.body))
    }
  }

  /// Every time a record gives or makes is one apps read, a reminder is within the clients'
  /// limits and never on a wall, a rollout's steps widen in time order, and the row it makes on
  /// every platform encodes (a failure would be no document at all).
  static func checkTimes(_ announcement: Announcement) {
    var times = [announcement.publishAt]
    times += [announcement.expiresAt, announcement.updatedAt].compactMap { $0 }
    if let rollout = announcement.rollout?.resolved(
      id: announcement.id, publishAt: announcement.publishAt)
    {
      times += rollout.steps.map(\.at)
      precondition(
        zip(rollout.steps, rollout.steps.dropFirst()).allSatisfy {
          $0.at < $1.at && $0.share <= $1.share
        }, "a rollout that does not widen in time order was accepted")
      precondition(
        rollout.steps.allSatisfy { (0...Int(RolloutBucket.count)).contains($0.share) },
        "a share outside 0 to 100% was accepted")
    }
    for time in times {
      precondition(Timestamp.writable.contains(time), "a time apps cannot read: \(time.rfc3339)")
    }
    if let seconds = announcement.remindAfter {
      precondition(!announcement.blocking, "a wall that reminds was accepted")
      precondition(
        ManifestRow.remindAfterRange.contains(Int(seconds)),
        "a remindAfter outside the clients' limits was accepted: \(seconds)")
    }
    // Live at its own publishAt, drafts included: its row is in every document it reaches.
    let manifests = ChannelManifests(
      site: Site(config: siteConfig, announcements: [announcement]),
      options: BuildOptions(now: announcement.publishAt, includeDrafts: true))
    precondition(
      (try? manifests.documents()) != nil, "an accepted record's documents do not encode")
  }

  /// HTML written from a body holds only herald's own tags and no script or unsafe link.
  static func checkHTML(_ html: String) {
    let lowered = html.lowercased()
    precondition(!lowered.contains("<script"), "a script in body HTML")
    precondition(!lowered.contains("href=\"javascript:"), "a javascript: link in body HTML")
    precondition(!lowered.contains("href=\"data:"), "a data: link in body HTML")
    var index = lowered.startIndex
    while let open = lowered[index...].firstIndex(of: "<") {
      let tag = lowered[lowered.index(after: open)...].prefix { $0.isLetter || $0 == "/" }
      let name = tag.hasPrefix("/") ? String(tag.dropFirst()) : String(tag)
      precondition(
        ["p", "ul", "li", "em", "strong", "code", "a", "br"].contains(name),
        "a tag herald does not write: <\(tag)")
      index = lowered.index(after: open)
    }
  }

  /// A Markdown body alone: positions within the body's lines, and safe HTML.
  static func markdown(_ bytes: [UInt8]) {
    guard let text = text(bytes) else { return }
    let firstLine = 8
    let result = MarkdownBodyReader(
      file: "f.md", firstLine: firstLine, fixedPosition: nil, deepLinkSchemes: ["fuzz"]
    ).read(text)
    for diagnostic in result.diagnostics {
      precondition(diagnostic.line >= firstLine, "a body problem above the body: \(diagnostic)")
      precondition(
        diagnostic.line < firstLine + lineCount(bytes), "a line past the body: \(diagnostic)")
    }
    checkHTML(BodyHTMLWriter(deepLinkSchemes: ["fuzz"]).html(result.body))
  }

  /// A herald.yaml: every problem has a position in the file.
  static func config(_ bytes: [UInt8]) {
    let result = SiteConfigReader.read(bytes)
    checkPositions(result.diagnostics, file: "herald.yaml", lineCount: lineCount(bytes))
    if let config = result.config {
      for platform in config.platforms {
        let names = platform.releases.map { $0.canonical.lowercased() }
        precondition(Set(names).count == names.count, "two releases share a manifest name")
      }
    }
  }
}
