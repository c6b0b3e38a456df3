extension SiteConfigDecoder {
  /// The keys `signing` may hold.
  static let signingKeys = ["channel", "keys", "wallKeys", "validFor"]

  /// Reads `signing` (DESIGN §9): a channel id, one or more public keys, wall keys that are also
  /// keys, and a validity from an hour to a year; nil with diagnostics when any of it is wrong,
  /// so a malformed key never reaches a build.
  func decodeSigning(_ entry: SourceEntry, reader: inout FieldReader) -> SigningSettings? {
    guard let entries = reader.mapping(entry.value, field: "signing") else { return nil }
    let before = reader.diagnostics.count
    let fields = reader.knownEntries(entries, known: Self.signingKeys, context: "signing")
    var channel = ""
    if let node = fields["channel"]?.value, let text = reader.text(node, field: "signing.channel") {
      channel = text
      if !SigningSettings.isChannelID(text) {
        reader.error(
          .invalidSigning, at: node.position, "signing.channel \"\(text)\" is not a channel id",
          hint: "use 1 to 128 letters, digits, dots, hyphens and underscores, such as"
            + " com.example.app; apps pin it with the keys")
      }
    } else if fields["channel"] == nil {
      reader.error(
        .missingField, at: entry.keyPosition, "signing has no \"channel\"",
        hint: "add channel: with an id apps pin, such as com.example.app")
    }
    let keys = decodeKeys(fields["keys"], field: "signing.keys", reader: &reader)
    if fields["keys"] == nil {
      reader.error(
        .missingField, at: entry.keyPosition, "signing has no \"keys\"",
        hint: "add keys: with the public key herald keys generate printed")
    } else if let keys, keys.isEmpty, let node = fields["keys"]?.value {
      reader.error(
        .invalidSigning, at: node.position, "signing.keys is empty",
        hint: "list the public key herald keys generate printed; apps believe no other")
    }
    let wallKeys = decodeKeys(fields["wallKeys"], field: "signing.wallKeys", reader: &reader)
    if let keys, let wallKeys, let node = fields["wallKeys"]?.value,
      case .sequence(let items) = node.value
    {
      for (key, item) in zip(wallKeys, items) where !keys.contains(key) {
        reader.error(
          .invalidSigning, at: item.position,
          "wall key \(PublicKeyText.text(key)) is not one of signing.keys",
          hint: "list it under keys as well: apps believe only a statement a key signed, and"
            + " a wall key's signature is a second one on top")
      }
    }
    var validFor = SigningSettings.defaultValidity
    if let node = fields["validFor"]?.value,
      let seconds = AnnouncementDecoder.duration(node, field: "signing.validFor", reader: &reader)
    {
      validFor = seconds
      let range = SigningSettings.shortestValidity...SigningSettings.longestValidity
      if !range.contains(seconds) {
        reader.error(
          .invalidSigning, at: node.position,
          "signing.validFor \(AnnouncementDecoder.durationText(seconds)) is "
            + (seconds < range.lowerBound ? "under an hour" : "over a year"),
          hint: "a statement expires validFor after it is signed, and the scheduled rebuild"
            + " re-signs it: write a duration from 1h to 366d, such as 7d")
      }
    }
    guard reader.diagnostics.count == before, let keys, let wallKeys else { return nil }
    return SigningSettings(
      channel: channel, keys: keys, wallKeys: wallKeys, validFor: validFor,
      position: entry.keyPosition)
  }

  /// A list of public keys, each the base64 of 32 raw bytes, duplicates dropped with a warning;
  /// nil when the list or any key cannot be read.
  private func decodeKeys(_ entry: SourceEntry?, field: String, reader: inout FieldReader)
    -> [[UInt8]]?
  {
    guard let node = entry?.value else { return [] }
    guard let items = reader.textList(node, field: field, example: "BASE64KEY=") else {
      return nil
    }
    var keys: [[UInt8]] = []
    var complete = true
    for (number, item) in items.enumerated() {
      guard let key = PublicKeyText.raw(item.text) else {
        complete = false
        // The text is never repeated: a pasted private key would end up in a CI log.
        if PublicKeyText.looksPrivate(item.text) {
          reader.error(
            .invalidSigning, at: item.position,
            "\(field) item \(number + 1) is a private key, not a public key",
            hint: "remove it from herald.yaml (and from git's history): anyone who read it can"
              + " sign as you; generate a new key and list its public key")
        } else {
          reader.error(
            .invalidSigning, at: item.position,
            "\(field) item \(number + 1) is not an Ed25519 public key",
            hint: "paste the public key herald keys generate printed: 44 characters of base64"
              + " ending in =")
        }
        continue
      }
      if keys.contains(key) {
        reader.warning(
          .duplicateField, at: item.position, "\(field) lists \(item.text) twice",
          hint: "remove one")
      } else {
        keys.append(key)
      }
    }
    return complete ? keys : nil
  }
}
