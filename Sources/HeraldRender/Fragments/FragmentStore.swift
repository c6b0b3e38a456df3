import Foundation
import HeraldCore
import Synchronization

/// Everything rendered from one record, made at most once per preparation (on any thread): its
/// body as HTML, its card (the entry in the archive and the details under its title), and its
/// manifest rows, which a cache keeps for the next build.
///
/// A build prepares the manifests' rows and the pages' cards in turn, so a body may be written
/// once for each.
final class FragmentStore: Sendable {
  /// What cards are rendered with: the pages' shared values and the theme's partials (a store
  /// made for the manifests alone, as `explain` makes one, has none).
  struct CardRenderer: Sendable {
    let context: PageContext
    let templates: TemplateLibrary
    /// What every page gets, under each card's own values: made once, not once a card.
    let shared: TemplateValue

    init(context: PageContext, templates: TemplateLibrary) {
      self.context = context
      self.templates = templates
      shared = context.page([:])
    }
  }

  private let urls: SiteURLs
  private let options: BuildOptions
  private let cardRenderer: CardRenderer?
  private let bodyWriter: BodyHTMLWriter
  private let cache: (any FragmentCache)?
  /// The fingerprint of everything every file depends on besides its records.
  let environment: Fingerprint?
  /// The fingerprint of everything a row depends on besides its record (`rowEnvironment`): less
  /// than the files', so a new title or theme keeps every row.
  private let rowEnvironment: Fingerprint?
  /// What is held now: bodies and cards by record id, rows by record and scope.
  private let tables = Mutex(Tables())

  private struct Tables {
    var bodies: [String: String] = [:]
    var cards: [String: Card] = [:]
    var rows: [String: PreformattedJSON] = [:]
  }

  init(
    site: Site, urls: SiteURLs, options: BuildOptions, cards: CardRenderer?,
    cache: (any FragmentCache)?, environment: Fingerprint?, rowEnvironment: Fingerprint?
  ) {
    self.urls = urls
    self.options = options
    cardRenderer = cards
    bodyWriter = BodyHTMLWriter(deepLinkSchemes: site.config.deepLinkSchemes)
    self.cache = cache
    self.environment = environment
    self.rowEnvironment = rowEnvironment
  }

  /// A keyed hasher, when the build has a cache.
  func hasher() -> SipHasher? { cache?.hasher() }

  /// The key of a record's row in a scope, when the record and the build can be fingerprinted.
  private func rowKey(_ announcement: Announcement, _ scope: String) -> Fingerprint? {
    guard var hasher = cache?.hasher(), let rowEnvironment, let record = announcement.sourceKey
    else { return nil }
    hasher.combine("row")
    hasher.combine(rowEnvironment)
    hasher.combine(record)
    hasher.combine(scope)
    return hasher.finalize()
  }

  // MARK: Bodies.

  /// A record's body as HTML: one prepared for the feed or kept from the rows, the part of its
  /// card that holds it, or written afresh (and not kept: its card, when there is one, keeps it).
  func body(_ announcement: Announcement) -> String {
    knownBody(announcement) ?? makeBody(announcement)
  }

  private func knownBody(_ announcement: Announcement) -> String? {
    let (known, card) = tables.withLock { ($0.bodies[announcement.id], $0.cards[announcement.id]) }
    return known ?? card?.bodyHTML
  }

  /// Writes a body as HTML.
  ///
  /// Bodies are not kept in the cache: the rows made from them are, and writing one again is
  /// cheaper than keeping them all.
  private func makeBody(_ announcement: Announcement) -> String {
    bodyWriter.html(announcement.body)
  }

  // MARK: Cards.

  /// A record's card, rendered by the theme's partials.
  func card(_ announcement: Announcement) throws(TemplateError) -> Card {
    if let known = tables.withLock({ $0.cards[announcement.id] }) { return known }
    let card = try makeCard(announcement).card
    keep(card, of: announcement)
    return card
  }

  /// Keeps a card made on demand (of two made at once, the first), and lets go of a body kept for
  /// it that it now holds.
  private func keep(_ card: Card, of announcement: Announcement) {
    tables.withLock {
      if $0.cards[announcement.id] == nil { $0.cards[announcement.id] = card }
      if card.hasBody { $0.bodies[announcement.id] = nil }
    }
  }

  /// Renders a card, with the value it was rendered from (with its details).
  private func makeCard(_ announcement: Announcement) throws(TemplateError) -> (
    card: Card, value: TemplateValue?
  ) {
    guard let cardRenderer else { preconditionFailure("cards are rendered with a theme") }
    let (context, templates, shared) =
      (cardRenderer.context, cardRenderer.templates, cardRenderer.shared)
    let bodyHTML = body(announcement)
    let value = context.card(announcement, bodyHTML: bodyHTML)
    let details = try templates.renderBytes(
      EditionRenderer.detailsTemplate, stack: [shared, value])
    let detailed = value.adding("detailsHTML", .utf8(details))
    let html = try templates.renderBytes(EditionRenderer.cardTemplate, stack: [shared, detailed])
    let card = Card(details: details, html: html, bodyHTML: bodyHTML)
    return (card, detailed)
  }

  /// A record's card as a template's value: every field of the record, its details and its card.
  ///
  /// A card not made yet is made here, from the same value, and kept: a record's page, which
  /// needs both, makes its card as it renders rather than in a preparation before (at 10,000
  /// records that is 10,000 values of two dozen members not built twice).
  func cardValue(_ announcement: Announcement) throws(TemplateError) -> TemplateValue {
    guard let context = cardRenderer?.context else { return .null }
    let card: Card
    if let known = tables.withLock({ $0.cards[announcement.id] }) {
      card = known
    } else {
      let made = try makeCard(announcement)
      card = made.card
      keep(card, of: announcement)
      if let value = made.value { return value.adding("cardHTML", .utf8(card.html)) }
    }
    return context.card(announcement, bodyHTML: body(announcement))
      .adding("detailsHTML", .utf8(card.detailsBytes))
      .adding("cardHTML", .utf8(card.html))
  }

  /// The records' entries in the archive, in order: each its card's HTML up front, its other
  /// fields made only if the theme's archive asks for one.
  ///
  /// The cards made so far are read under the lock once, not once per record, and the entries
  /// are made on every core (the archive renders alone in its wave).
  func archiveEntries(_ announcements: [Announcement]) throws(TemplateError) -> [TemplateValue] {
    let known = tables.withLock { $0.cards }
    return try announcements.concurrentMap {
      (announcement) throws(TemplateError) -> TemplateValue in
      if let card = known[announcement.id] { return archiveEntry(announcement, card: card) }
      return archiveEntry(announcement, card: try card(announcement))
    }
  }

  private func archiveEntry(_ announcement: Announcement, card: Card) -> TemplateValue {
    guard let context = cardRenderer?.context else { return .null }
    return .deferred(
      DeferredObject(
        given: TemplateObject(members: [.init("cardHTML", .utf8(card.html))])
      ) { [self] in
        guard
          case .object(let members) = context.card(announcement, bodyHTML: body(announcement))
            .adding("detailsHTML", .utf8(card.detailsBytes))
            .adding("cardHTML", .utf8(card.html))
        else { return [:] }
        return members
      })
  }

  // MARK: Rows.

  /// Whether every platform shares the record's row: yes, unless its action is the store, which
  /// resolves to each platform's own.
  static func sharesRow(_ announcement: Announcement) -> Bool {
    if case .store? = announcement.action { return false }
    return true
  }

  /// Which platforms share a record's row: all of them (`*`), or only the one.
  static func rowScope(_ announcement: Announcement, platform: PlatformSettings) -> String {
    sharesRow(announcement) ? "*" : platform.key
  }

  /// A row a preparation wants made: its record, its platform, and the name it is held under.
  struct RowJob: Sendable {
    let announcement: Announcement
    let platform: PlatformSettings
    let memo: String

    init(_ announcement: Announcement, _ platform: PlatformSettings) {
      self.announcement = announcement
      self.platform = platform
      memo = FragmentStore.rowMemo(announcement, platform)
    }
  }

  /// A record's row in a platform's manifests.
  func row(_ announcement: Announcement, platform: PlatformSettings) throws(DocumentError)
    -> PreformattedJSON
  {
    let memo = Self.rowMemo(announcement, platform)
    if let known = tables.withLock({ $0.rows[memo] }) { return known }
    let row = try makeRow(announcement, platform: platform).row
    tables.withLock { $0.rows[memo] = row }
    return row
  }

  /// Reads a row from the cache, or writes it (and keeps it), with the record's body when it had
  /// to be written afresh for the row.
  private func makeRow(_ announcement: Announcement, platform: PlatformSettings)
    throws(DocumentError) -> (row: PreformattedJSON, body: String?)
  {
    let key = rowKey(announcement, Self.rowScope(announcement, platform: platform))
    if let key, let kept = cache?.withEntry(key, { Array($0) }) {
      return (PreformattedJSON(bytes: kept, indent: ManifestWriter.rowIndent), nil)
    }
    let known = knownBody(announcement)
    let html = known ?? makeBody(announcement)
    let manifestRow = ManifestWriter.row(
      announcement, platform: platform, urls: urls, html: html, markDrafts: options.includeDrafts)
    let row = PreformattedJSON(
      try ManifestWriter.encoded(
        "the row of \(announcement.id) for \(platform.key)", file: announcement.source.file,
        manifestRow),
      indent: ManifestWriter.rowIndent)
    // Every build reads the live rows, to know the documents' sizes.
    if let key { cache?.keep(row.bytes, for: key) }
    return (row, known == nil ? html : nil)
  }

  /// The keys of a record's rows (in the given platforms' scopes): what a cache must keep for
  /// this site, whether or not this build wrote them.
  func keys(of announcement: Announcement, platforms: [PlatformSettings]) -> [Fingerprint] {
    var keys: [Fingerprint?] = []
    var scopes: Set<String> = []
    for platform in platforms {
      let scope = Self.rowScope(announcement, platform: platform)
      if scopes.insert(scope).inserted { keys.append(rowKey(announcement, scope)) }
    }
    return keys.compactMap { $0 }
  }

  /// How many bodies, cards and rows are held now.
  var held: (bodies: Int, cards: Int, rows: Int) {
    tables.withLock { ($0.bodies.count, $0.cards.count, $0.rows.count) }
  }

  // MARK: Making many at once.

  /// Lets go of the bodies, cards and rows not wanted, then makes those that are not made yet, in
  /// parallel, and keeps them all at once (one lock for thousands of fragments).
  ///
  /// The cards of `pages` are not made here but by `cardValue` as each page renders; their bodies
  /// are kept for them until then.
  ///
  /// When one preparation wants both, cards come first, so that a row finds its record's body in
  /// the card rather than writing it again. A body written for a row is kept until the next
  /// preparation has made the cards it wants, so that a full build writes each body once (the
  /// manifests' wave comes first); then only the bodies asked for stay.
  func prepare(
    bodies wantedBodies: [Announcement], cards wantedCards: [Announcement],
    pages: [Announcement] = [], rows wantedRows: [RowJob]
  ) throws {
    // What is held is checked against what is wanted, table by table, and only where something
    // is held: the first wave of a build hashes nothing, and a table whose entries are all
    // wanted (the pages' cards, which the archive wants next) is left as it is.
    let bodiesWereHeld = tables.withLock { !$0.bodies.isEmpty }
    tables.withLock {
      Self.keep(&$0.bodies, namedIn: [wantedBodies, wantedCards, pages])
      Self.keep(&$0.cards, namedIn: [wantedCards, pages])
      Self.keep(&$0.rows, namedIn: wantedRows.isEmpty ? nil : Set(wantedRows.map(\.memo)))
    }
    // Each list names a record at most once (a site's ids are unique and each file of an edition
    // adds its records once), so a record asked for by two lists is made once by the checks here;
    // and with no pages asked for, the cards held are among those asked for, so as many held as
    // asked for are all of them.
    try make(
      tables.withLock { tables in
        var jobs = wantedBodies.filter {
          tables.bodies[$0.id] == nil && tables.cards[$0.id]?.hasBody != true
        }.map { Job.body($0) }
        if !pages.isEmpty || tables.cards.count != wantedCards.count {
          jobs += wantedCards.filter { tables.cards[$0.id] == nil }.map { Job.card($0) }
        }
        return jobs
      })
    // Bodies kept from an earlier wave for the cards go once the cards are made.
    if bodiesWereHeld && !wantedCards.isEmpty {
      tables.withLock { Self.keep(&$0.bodies, namedIn: [wantedBodies, pages]) }
    }
    // With no rows held (a build's first wave), none is looked up.
    try make(
      tables.withLock { tables in
        (tables.rows.isEmpty ? wantedRows : wantedRows.filter { tables.rows[$0.memo] == nil })
          .map(Job.row)
      })
  }

  /// Carries out jobs in parallel and keeps what they made.
  private func make(_ jobs: [Job]) throws {
    let made = try jobs.concurrentMap { (job) throws -> Made in
      switch job {
      case .body(let announcement):
        return .body(id: announcement.id, makeBody(announcement))
      case .card(let announcement):
        return .card(id: announcement.id, try makeCard(announcement).card)
      case .row(let wanted):
        let (row, body) = try makeRow(wanted.announcement, platform: wanted.platform)
        return .row(memo: wanted.memo, row, body: body.map { (wanted.announcement.id, $0) })
      }
    }
    guard let first = jobs.first else { return }
    tables.withLock { tables in
      // Sized once: grown one insertion at a time, the tables were copied a dozen times over.
      // A preparation's jobs are bodies and cards, or rows (which may bring bodies).
      if case .row = first {
        tables.rows.reserveCapacity(tables.rows.count + jobs.count)
      } else {
        tables.cards.reserveCapacity(tables.cards.count + jobs.count)
      }
      tables.bodies.reserveCapacity(tables.bodies.count + jobs.count)
      for result in made {
        switch result {
        case .body(let id, let html): tables.bodies[id] = html
        case .card(let id, let card): tables.cards[id] = card
        case .row(let memo, let row, let body):
          tables.rows[memo] = row
          if let body { tables.bodies[body.id] = body.html }
        }
      }
    }
  }

  /// Lets go of a table's entries whose records no list names.
  ///
  /// A table of a few entries (an edit's one page's card) is checked against the lists as they
  /// are; a larger one against a set of their ids, made only then.
  private static func keep<Value: Sendable>(
    _ table: inout [String: Value], namedIn lists: [[Announcement]]
  ) {
    guard !table.isEmpty else { return }
    let named = lists.reduce(0) { $0 + $1.count }
    guard named > 0 else { return keep(&table, namedIn: nil) }
    if table.count <= 8 {
      for id in table.keys where !lists.contains(where: { $0.contains { $0.id == id } }) {
        table[id] = nil
      }
      return
    }
    var ids = Set<String>(minimumCapacity: named)
    for list in lists { for announcement in list { ids.insert(announcement.id) } }
    keep(&table, namedIn: ids)
  }

  /// Lets go of a table's entries not named in `wanted` (every entry when it is nil).
  private static func keep<Value: Sendable>(
    _ table: inout [String: Value], namedIn wanted: Set<String>?
  ) {
    guard let wanted else {
      table = [:]
      return
    }
    table = table.filter { wanted.contains($0.key) }
  }

  private static func rowMemo(_ announcement: Announcement, _ platform: PlatformSettings) -> String
  {
    announcement.id + "\u{0}" + rowScope(announcement, platform: platform)
  }

  /// What a job made, with the name it is held under.
  private enum Made: Sendable {
    case body(id: String, String)
    case card(id: String, Card)
    case row(memo: String, PreformattedJSON, body: (id: String, html: String)?)
  }

  private enum Job: Sendable {
    case body(Announcement)
    case card(Announcement)
    case row(RowJob)
  }
}
