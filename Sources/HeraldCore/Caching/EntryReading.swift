/// When a cache on disk reads a kept entry back: with the others when it is opened, or only when
/// a build asks for it.
///
/// Every build reads each record and each live row, so those are read in the one scan that opens
/// the cache. A card is read only to render a page that shows it, and an edit renders a page or
/// two: its 9,000 cards (more than half the cache's bytes at 10,000 records) are read one by one,
/// when asked for.
package enum EntryReading: Sendable {
  /// Read with every other entry when the cache is opened.
  case atOpening
  /// Read when a build asks for it.
  case onDemand
}
