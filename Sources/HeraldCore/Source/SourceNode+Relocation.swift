extension SourceNode {
  /// The same tree with every position moved to one place: for values read out of a string whose
  /// inner lines are not lines of the file.
  package func relocated(to position: SourcePosition) -> SourceNode {
    switch value {
    case .scalar:
      return SourceNode(value, at: position)
    case .sequence(let items):
      return SourceNode(.sequence(items.map { $0.relocated(to: position) }), at: position)
    case .mapping(let entries):
      return SourceNode(
        .mapping(
          entries.map {
            SourceEntry(key: $0.key, at: position, value: $0.value.relocated(to: position))
          }), at: position)
    }
  }
}
