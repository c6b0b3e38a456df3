import HeraldCore

/// Builds the data the theme's templates render: the site, and one card per record.
///
/// Every text is plain and escaped by the templates; `bodyHTML` and `liveReload` are the only HTML,
/// and herald writes both itself.
struct PageContext: Sendable {
  /// The site.
  let site: Site
  /// The URLs derived from the base URL.
  let urls: SiteURLs
  /// The build's options.
  let options: BuildOptions
  /// The `site` object every page gets, built once.
  let siteValue: TemplateValue

  /// Prepares the data that every page shares.
  init(site: Site, urls: SiteURLs, options: BuildOptions, stylesheetURL: String) {
    self.site = site
    self.urls = urls
    self.options = options
    siteValue = Self.siteValue(site: site, urls: urls, stylesheetURL: stylesheetURL)
  }

  /// The `site` object: the channel's settings and where its feed and manifests are.
  private static func siteValue(site: Site, urls: SiteURLs, stylesheetURL: String) -> TemplateValue
  {
    let config = site.config
    return .object([
      "title": .string(config.title),
      "language": .string(config.language),
      "author": .string(config.author),
      "baseURL": .string(urls.base),
      "feedURL": .string(urls.feed),
      "channelURL": .string(urls.channel),
      "stylesheetURL": .string(stylesheetURL),
      "platforms": .list(
        config.platforms.map { platform in
          let current = platform.currentRelease
          return .object([
            "key": .string(platform.key),
            "name": .string(platformName(platform.key)),
            "allURL": .string(urls.allManifest(platform: platform.key)),
            "releases": .list(
              platform.sortedReleases.map { release in
                .object([
                  "version": .string(release.text),
                  "manifestURL": .string(urls.manifest(platform: platform.key, version: release)),
                  "current": .bool(release == current),
                ])
              }),
          ])
        }),
    ])
  }

  /// What every page gets besides its own data.
  func page(_ fields: [String: TemplateValue]) -> TemplateValue {
    var page = fields
    page["site"] = siteValue
    page["herald"] = .object(["version": .string(HeraldVersion.current)])
    page["liveReload"] = .optional(options.preview?.liveReload)
    page["preview"] = .optional(
      options.preview == nil
        ? nil : "Preview: drafts and scheduled announcements are shown, marked as such.")
    return .object(page)
  }

  /// The archive page's data.
  func archive(_ announcements: [Announcement], cards: [String: TemplateValue]) -> TemplateValue {
    page([
      "announcements": .list(announcements.compactMap { cards[$0.id] }),
      "hasAnnouncements": .bool(!announcements.isEmpty),
    ])
  }

  /// A record page's data.
  func announcementPage(_ card: TemplateValue) -> TemplateValue {
    page(["announcement": card])
  }

  /// The card of one record.
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
    return .object([
      "id": .string(announcement.id),
      "title": .string(announcement.title),
      "url": .string(urls.announcement(announcement.id)),
      "summary": .string(announcement.body.paragraphs.first ?? announcement.title),
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
      "platforms": .list(
        platforms.map {
          .object(["key": .string($0.key), "name": .string(Self.platformName($0.key))])
        }),
    ])
  }

  private func action(_ announcement: Announcement, platforms: [PlatformSettings]) -> TemplateValue
  {
    guard let target = announcement.action else { return .null }
    let label = TemplateValue.string(
      announcement.actionLabel ?? announcement.kind.defaultActionLabel)
    switch target {
    case .store:
      return .object([
        "isStore": .bool(true), "label": label,
        "stores": .list(
          platforms.compactMap { platform in
            platform.store.map {
              .object(["platform": .string(Self.platformName(platform.key)), "href": .string($0)])
            }
          }),
      ])
    case .web(let url), .deepLink(let url):
      return .object(["isLink": .bool(true), "label": label, "href": .string(url)])
    case .inAppPath(let path):
      return .object(["isInApp": .bool(true), "label": label, "path": .string(path)])
    }
  }

  /// A time as `datetime` text and as a reader's date.
  static func time(_ timestamp: Timestamp) -> TemplateValue {
    .object(["iso": .string(timestamp.rfc3339), "text": .string(dateText(timestamp))])
  }

  /// `3 November 2026`, in UTC, whatever the machine's locale and time zone.
  static func dateText(_ timestamp: Timestamp) -> String {
    let date = timestamp.calendarDate
    return "\(date.day) \(months[Int(date.month) - 1]) \(date.year)"
  }

  private static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  /// How a platform key reads: `ios` is iOS, `android` Android; other keys as written.
  static func platformName(_ key: String) -> String {
    let known = [
      "ios": "iOS", "ipados": "iPadOS", "macos": "macOS", "watchos": "watchOS", "tvos": "tvOS",
      "visionos": "visionOS", "android": "Android", "web": "Web", "windows": "Windows",
      "linux": "Linux",
    ]
    return known[key] ?? key
  }
}

extension String {
  /// The text with `_` made `-`, for CSS class names.
  fileprivate func replacingUnderscores() -> String {
    String(map { $0 == "_" ? "-" : $0 })
  }
}
