extension Announcement {
  /// The fingerprint of everything about the record but the words its own pages show (its title,
  /// body and action label): two records of one placement reach the same outputs, sit in the
  /// same places of the archive and the feed, and raise the same problems across the site.
  ///
  /// An edit's rebuild that keeps a record's placement plans again only the files that show it.
  /// It is made from the record's whole byte form with the words left out, so a field added to
  /// the record is part of it without anyone having to remember.
  package func placement(hasher: SipHasher) -> Fingerprint {
    var writer = BinaryWriter()
    writer.write(replacing(title: "", body: .empty, actionLabel: .some(nil)))
    var hasher = hasher
    hasher.combine("placement")
    hasher.combine(writer.bytes)
    return hasher.finalize()
  }
}
