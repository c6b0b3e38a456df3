import HeraldCore

extension PageContext {
  /// The data of one record: what its entry in the archive and its own page show.
  ///
  /// Public pages carry no developer detail: an in-app path or a deep link is "Open in the app",
  /// never a link, and the store sentinel becomes one button per platform ("App Store").
  func card(_ announcement: Announcement, bodyHTML: String) -> TemplateValue {
    let status = announcement.status(at: options.now)
    var statusLabel: String?
    switch status {
    case .draft: statusLabel = "Draft"
    case .scheduled: statusLabel = "Scheduled for \(Self.dateText(announcement.publishAt))"
    default: statusLabel = nil
    }
    if announcement.draft && !announcement.isPublished(at: options.now) {
      statusLabel = "Draft, scheduled for \(Self.dateText(announcement.publishAt))"
    }
    let platforms = announcement.reachedPlatforms(in: site.config)
    let allPlatforms = platforms.count == site.config.platforms.count
    return .object([
      "id": .string(announcement.id),
      "title": .string(announcement.title),
      "url": .string(urls.announcement(announcement.id)),
      "summary": .string(announcement.body.firstParagraph ?? announcement.title),
      "severity": .object([
        "key": .string(announcement.severity.rawValue.lowercased()),
        "label": .string(announcement.severity.label),
        "value": .string(announcement.severity.rawValue),
      ]),
      "kind": .object([
        "key": .string(announcement.kind.rawValue.lowercased().replacingUnderscores()),
        "label": .string(announcement.kind.label),
        "value": .string(announcement.kind.rawValue),
        "isWhatsNew": .bool(announcement.kind == .whatsNew),
        "isUpdateAvailable": .bool(announcement.kind == .updateAvailable),
        "isNotice": .bool(announcement.kind == .notice),
      ]),
      "blocking": .bool(announcement.blocking),
      "status": .object([
        "label": .optional(statusLabel),
        "isDraft": .bool(announcement.draft),
        "isScheduled": .bool(!announcement.isPublished(at: options.now)),
        "isExpired": .bool(announcement.isExpired(at: options.now)),
      ]),
      "bodyHTML": .string(bodyHTML),
      "action": action(announcement, platforms: platforms),
      "publishedAt": Self.time(announcement.publishAt),
      "updatedAt": announcement.updatedAt.map(Self.time) ?? .null,
      "expiresAt": announcement.expiresAt.map(Self.time) ?? .null,
      "range": .string(announcement.range.description),
      "versions": .string(announcement.range.readable),
      "platformsText": .optional(
        allPlatforms && platforms.count > 1 ? nil : PlatformNames.list(platforms.map(\.key))),
      "platforms": .list(
        platforms.map {
          .object(["key": .string($0.key), "name": .string(PlatformNames.name($0.key))])
        }),
    ])
  }

  /// The action as a public page shows it: a link for https, store buttons for the store
  /// sentinel, and plain text for a place inside the app.
  func action(_ announcement: Announcement, platforms: [PlatformSettings]) -> TemplateValue {
    guard let target = announcement.action else { return .null }
    let label = TemplateValue.string(
      announcement.actionLabel ?? announcement.kind.defaultActionLabel)
    switch target {
    case .store:
      return .object(["isStore": .bool(true), "label": label, "stores": stores(platforms)])
    case .web(let url):
      return .object(["isLink": .bool(true), "label": label, "href": .string(url)])
    case .deepLink, .inAppPath:
      return .object(["isInApp": .bool(true), "label": label, "text": .string("Open in the app")])
    }
  }

  /// One button per platform that has a store URL: "App Store", "Google Play".
  func stores(_ platforms: [PlatformSettings]) -> TemplateValue {
    .list(
      platforms.compactMap { platform in
        platform.store.map {
          .object([
            "name": .string(PlatformNames.store(platform.key)),
            "platform": .string(PlatformNames.name(platform.key)), "href": .string($0),
          ])
        }
      })
  }
}

extension String {
  /// The text with `_` made `-`, for CSS class names.
  fileprivate func replacingUnderscores() -> String {
    guard utf8.contains(UInt8(ascii: "_")) else { return self }
    return String(
      decoding: utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)
  }
}
