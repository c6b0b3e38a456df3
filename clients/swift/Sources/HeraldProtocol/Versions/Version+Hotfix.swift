extension Version {
  /// The version with a fourth segment of 1 (or one more at the end): a hotfix above it, for
  /// a message's example.
  package var hotfix: String {
    let base = text.split(separator: "+", maxSplits: 1).first.map(String.init) ?? text
    guard !base.contains("-") else { return base + ".1" }
    let segments = base.split(separator: ".").count
    return base + String(repeating: ".0", count: max(0, 3 - segments)) + ".1"
  }
}
