extension Version {
  /// The version as a manifest's file name.
  ///
  /// Three numeric segments at least, each written as a number (`2024.01.5` → `2024.1.5`, `1.10`
  /// → `1.10.0`), the pre-release kept as written and build metadata dropped (a `+` is read as a
  /// space by some stores). Equal versions have equal canonical texts up to the case of their
  /// pre-release.
  public var canonical: String {
    var numbers = segments.map(String.init)
    while numbers.count < 3 { numbers.append("0") }
    var result = numbers.joined(separator: ".")
    if let dash = text.firstIndex(of: "-") {
      let end = text.firstIndex(of: "+") ?? text.endIndex
      result += text[dash..<end]
    }
    return result
  }
}
