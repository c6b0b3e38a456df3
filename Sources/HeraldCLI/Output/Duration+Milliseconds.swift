extension Duration {
  /// The duration in whole milliseconds, for the lines that say how long a build took.
  var milliseconds: Int64 {
    components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
  }
}
