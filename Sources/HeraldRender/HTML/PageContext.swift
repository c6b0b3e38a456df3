import HeraldCore

/// Builds the data the theme's templates render: the site, and one card per record.
///
/// Every text is plain and escaped by the templates; `bodyHTML` and `liveReload` are the only HTML,
/// and herald writes both itself.
///
/// A class (its members never change): as a struct it was copied, every reference retained and
/// released, four times for each record's page and card.
final class PageContext: Sendable {
  /// The site.
  let site: Site
  /// The URLs derived from the base URL.
  let urls: SiteURLs
  /// The build's options.
  let options: BuildOptions
  /// The theme's words in the edition's locale.
  let words: ThemeWords
  /// The `site` object every page gets, built once.
  let siteValue: TemplateValue
  /// The members every page gets besides its own, built once.
  private let pageMembers: TemplateObject
  /// The site's locales whose theme words are their own (their chain reaches a table of the
  /// theme's or the site's `i18n/` before the default locale's): their pages are in a language of
  /// their own whatever the records say.
  let ownWords: Set<String>

  /// Prepares the data that every page shares.
  init(
    site: Site, urls: SiteURLs, options: BuildOptions, stylesheetURL: String,
    assets: TemplateValue = .object(TemplateObject()), words: ThemeWords = ThemeWords(table: [:]),
    ownWords: Set<String> = []
  ) {
    self.site = site
    self.ownWords = ownWords
    self.urls = urls
    self.options = options
    self.words = words
    let siteValue = Self.siteValue(
      site: site, urls: urls, stylesheetURL: stylesheetURL, assets: assets, words: words)
    self.siteValue = siteValue
    pageMembers = Self.pageMembers(
      siteValue: siteValue, options: options, words: words, author: site.config.author)
  }

  /// The `site` object: the channel's settings and where its feed and manifests are.
  private static func siteValue(
    site: Site, urls: SiteURLs, stylesheetURL: String, assets: TemplateValue, words: ThemeWords
  ) -> TemplateValue {
    let config = site.config
    // In the order of how often templates read them, the most read last (where a lookup starts).
    return .object([
      "platforms": .list(
        config.platforms.map { platform in
          let current = platform.currentRelease
          return .object([
            "key": .string(platform.key),
            "name": .string(PlatformNames.name(platform.key)),
            "liveURL": .string(urls.liveManifest(platform: platform.key)),
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
      "channelURL": .string(urls.channel),
      "baseURL": .string(urls.base),
      "author": .string(config.author),
      "language": .string(urls.edition.locale),
      "archiveURL": .string(urls.archive),
      "stylesheetURL": .string(stylesheetURL),
      "assets": assets,
      "feedURL": .string(urls.feed),
      "title": .string(channelTitle(words: words, config: config)),
    ])
  }

  /// What every page gets besides its own data; `path` is where the page is within an edition
  /// (`""` for the archive), which gives its links to the other locales' editions of it, among
  /// those in which `records` (what the page shows) or the theme have words of their own.
  func page(_ fields: TemplateObject, path: String? = nil, records: [Announcement] = [])
    -> TemplateValue
  {
    let translations = path.map { alternates(of: $0, records: records) } ?? []
    // The page's own fields last, where a lookup starts: a record's page reads a dozen of them.
    var page = TemplateObject(members: [
      .init("defaultURL", .optional(translations.isEmpty ? nil : urls.base + (path ?? ""))),
      .init("translations", .list(translations)),
      .init("hasTranslations", .bool(!translations.isEmpty)),
    ])
    page.append(contentsOf: pageMembers)
    page.append(contentsOf: fields)
    return .object(page)
  }

  /// The members every page shares, made once: the site, herald's version, the preview's.
  private static func pageMembers(
    siteValue: TemplateValue, options: BuildOptions, words: ThemeWords, author: String
  ) -> TemplateObject {
    TemplateObject(members: [
      .init("t", words.templateValue),
      .init(
        "footer", .object(["publishedBy": .string(words.format("publishedBy", ["author": author]))])
      ),
      .init("herald", .object(["version": .string(HeraldVersion.current)])),
      .init("liveReload", .optional(options.preview?.liveReload)),
      .init(
        "preview",
        .optional(
          options.preview == nil
            ? nil : words["previewBanner"])),
      // Where `herald serve` shows what an app decides: linked from the preview's banner.
      .init("previewApp", .optional(options.preview == nil ? nil : "/_herald/app/")),
      .init(
        "previewCompose", .optional(options.preview?.composes == true ? "/_herald/compose/" : nil)),
      .init("site", siteValue),
    ])
  }

  /// The channel's title in the edition's locale.
  var title: String { Self.channelTitle(words: words, config: site.config) }

  /// The channel's title in the edition's locale: its strings' title, else herald.yaml's.
  private static func channelTitle(words: ThemeWords, config: SiteConfig) -> String {
    words.table["title"].flatMap { $0.isEmpty ? nil : $0 } ?? config.title
  }

  /// A page of the archive's data: its records grouped by month (newest first), a notice for
  /// every wall among `walls` that is live now (the front page is given every record), and the
  /// pager (`pager`: the page's number and URL, the count of numbered pages, the newer and older
  /// pages).
  func archive(
    entries: [(Announcement, TemplateValue)], walls: [Announcement], page number: Int,
    of count: Int, older: Int?
  ) -> TemplateValue {
    page(
      [
        "months": .list(months(entries)),
        "walls": .list(wallNotices(walls)),
        "announcements": .list(entries.map(\.1)),
        "hasAnnouncements": .bool(!entries.isEmpty),
        "archiveDescription": .string(words.format("archiveDescription", ["title": title])),
        "pager": pager(number, of: count, older: older),
      ], path: OutputPaths.archiveFolder(number, Edition(locale: "", pages: "", api: "")),
      records: entries.map(\.0))
  }

  /// Where a page of the archive stands among them, for the theme's links and `rel` links.
  ///
  /// `previous` (newer) is the front page from every numbered page, and `next` (older) the page
  /// `older` names: a numbered page's links never depend on how many pages follow it, so a new
  /// record leaves its bytes as they were. The label says the page's number, not the count.
  private func pager(_ number: Int, of count: Int, older: Int?) -> TemplateValue {
    func link(_ page: Int) -> TemplateValue {
      .object(["number": .integer(page), "url": .string(urls.archivePage(page))])
    }
    return .object([
      "label": .string(words.format("pageNumber", ["number": String(number)])),
      "number": .integer(number), "count": .integer(count),
      "url": .string(urls.archivePage(number)),
      "isFirst": .bool(number == 0), "hasPages": .bool(number > 0 || older != nil),
      "previous": number > 0 ? link(0) : .null,
      "next": older.map(link) ?? .null,
      "first": link(0), "last": count > 0 ? link(1) : link(0),
    ])
  }

  /// A record page's data.
  func announcementPage(_ card: TemplateValue, announcement: Announcement) -> TemplateValue {
    page(
      TemplateObject(members: [.init("announcement", card)]),
      path: "announcements/\(announcement.id)/", records: [announcement])
  }

  /// The page at `path` in the locales where it is in a language of its own, for `hreflang` links
  /// and the language switcher: the default locale's at the root, the others in their folders.
  ///
  /// A locale is listed when the theme has words of its own for it (`ownWords`), when one of
  /// `records` is translated along its chain, or when it is this page's: a locale that would show
  /// the default's words again is no alternate, and listing every locale on every page made the
  /// output grow with the square of their count (600 locales, one record: 168 MB). Empty for a
  /// one-language site, or when no other locale has words of its own.
  private func alternates(of path: String, records: [Announcement]) -> [TemplateValue] {
    let config = site.config
    guard config.isMultilingual else { return [] }
    let defaultLocale = config.language
    let current = urls.edition.locale
    let listed = config.locales.filter { locale in
      locale == defaultLocale || locale == current || ownWords.contains(locale)
        || records.contains { record in
          !record.translations.isEmpty
            && LocaleChain.fallbacks(for: locale, defaultLocale: defaultLocale)
              .contains { $0 != defaultLocale && record.translations[$0] != nil }
        }
    }
    guard listed.count > 1 else { return [] }
    return listed.map { locale in
      .object([
        "locale": .string(locale),
        "url": .string(urls.with(.home(of: locale, in: config)).archive + path),
        "current": .bool(locale == urls.edition.locale),
      ])
    }
  }

  /// A time as `datetime` text and as a reader of the edition's locale writes the date.
  func time(_ timestamp: Timestamp) -> TemplateValue {
    .object(
      TemplateObject(members: [
        .init("iso", .string(timestamp.rfc3339)), .init("text", .string(words.date(timestamp))),
      ]))
  }
}
