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
    case .draft: statusLabel = words["draft"]
    case .scheduled:
      statusLabel = words.format("scheduledFor", ["date": words.date(announcement.publishAt)])
    default: statusLabel = nil
    }
    if announcement.draft && !announcement.isPublished(at: options.now) {
      statusLabel = words.format(
        "draftScheduledFor", ["date": words.date(announcement.publishAt)])
    }
    let platforms = announcement.reachedPlatforms(in: site.config)
    let allPlatforms = platforms.count == site.config.platforms.count
    let platformsText =
      allPlatforms && platforms.count > 1
      ? nil : words.list(platforms.map { PlatformNames.name($0.key) })
    let versions = words.versions(announcement.range)
    // Members listed, not a dictionary literal: this runs once per record and per page. A name is
    // looked up from the last member back, so the names templates read most come last.
    return .object(
      TemplateObject(members: [
        .init("range", .string(announcement.range.description)),
        .init(
          "platforms",
          .list(
            platforms.map {
              .object(
                TemplateObject(members: [
                  .init("key", .string($0.key)), .init("name", .string(PlatformNames.name($0.key))),
                ]))
            })),
        .init("summary", .string(announcement.body.firstParagraph ?? announcement.title)),
        .init("updatedAt", announcement.updatedAt.map(time) ?? .null),
        .init("expiresAt", announcement.expiresAt.map(time) ?? .null),
        .init("blocking", .bool(announcement.blocking)),
        .init("bodyHTML", .string(bodyHTML)),
        .init("action", action(announcement, platforms: platforms)),
        .init("versions", .string(versions)),
        .init("platformsText", .optional(platformsText)),
        .init(
          "meta",
          .object([
            "forVersions": .string(words.format("forVersions", ["versions": versions])),
            "onPlatforms": .optional(
              platformsText.map { words.format("onPlatforms", ["platforms": $0]) }),
          ])),
        .init("url", .string(urls.announcement(announcement.id))),
        .init("id", .string(announcement.id)),
        .init("title", .string(announcement.title)),
        .init("publishedAt", time(announcement.publishAt)),
        .init(
          "kind",
          .object(
            TemplateObject(members: [
              .init("key", .string(announcement.kind.rawValue.lowercased().replacingUnderscores())),
              .init("label", .string(words.kindLabel(announcement))),
              .init("value", .string(announcement.kind.rawValue)),
              .init("isWhatsNew", .bool(announcement.kind == .whatsNew)),
              .init("isUpdateAvailable", .bool(announcement.kind == .updateAvailable)),
              .init("isNotice", .bool(announcement.kind == .notice)),
            ]))),
        .init(
          "severity",
          .object(
            TemplateObject(members: [
              .init("key", .string(announcement.severity.rawValue.lowercased())),
              .init("label", .string(words.severity(announcement.severity))),
              .init("value", .string(announcement.severity.rawValue)),
            ]))),
        .init(
          "status",
          .object(
            TemplateObject(members: [
              .init("label", .optional(statusLabel)),
              .init("isDraft", .bool(announcement.draft)),
              .init("isScheduled", .bool(!announcement.isPublished(at: options.now))),
              .init("isExpired", .bool(announcement.isExpired(at: options.now))),
            ]))),
      ]))
  }

  /// The action as a public page shows it: a link for https, store buttons for the store
  /// sentinel, and plain text for a place inside the app.
  func action(_ announcement: Announcement, platforms: [PlatformSettings]) -> TemplateValue {
    guard let target = announcement.action else { return .null }
    let label = TemplateValue.string(
      announcement.actionLabel ?? words.defaultAction(announcement.kind))
    let members: [TemplateObject.Member]
    switch target {
    case .store:
      members = [
        .init("isStore", .bool(true)), .init("label", label), .init("stores", stores(platforms)),
      ]
    case .web(let url):
      members = [.init("isLink", .bool(true)), .init("label", label), .init("href", .string(url))]
    case .deepLink, .inAppPath:
      members = [
        .init("isInApp", .bool(true)), .init("label", label),
        .init("text", .string(words["openInApp"])),
      ]
    }
    return .object(TemplateObject(members: members))
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
