import HeraldProtocol

extension HeraldChannelKeys {
  /// The keys a conformance case's app pins (`input.signing`: `channel`, `keys`, `wallKeys` and
  /// optionally `highestGeneration`, which is kept in the store as accepted before); nil for an
  /// app that pins nothing.
  package static func pinned(by signing: JSONValue?, store: ClientStore) async
    -> HeraldChannelKeys?
  {
    guard case .object(let fields)? = signing, case .string(let channel)? = fields["channel"]
    else { return nil }
    func strings(_ key: String) -> [String] {
      guard case .array(let items)? = fields[key] else { return [] }
      return items.compactMap { item in
        if case .string(let text) = item { return text }
        return nil
      }
    }
    if case .integer(let generation)? = fields["highestGeneration"] {
      await store.accept(generation: Int64(generation), channel: channel)
    }
    return HeraldChannelKeys(channel: channel, keys: strings("keys"), wallKeys: strings("wallKeys"))
  }
}
