extension Version {
  /// The version as a manifest's file name.
  ///
  /// Three numeric segments at least, each written as a number (`2024.01.5` → `2024.1.5`, `1.10`
  /// → `1.10.0`), the pre-release kept as written and build metadata dropped (a `+` is read as a
  /// space by some stores). Equal versions have equal canonical texts up to the case of their
  /// pre-release.
  package var canonical: String {
    var numbers = segments.map(String.init)
    while numbers.count < 3 { numbers.append("0") }
    var result = numbers.joined(separator: ".")
    // The pre-release is what lies between the first "-" and the "+" of the build metadata, which
    // may hold hyphens of its own (1.0.0+build-5 has no pre-release).
    let core = text.prefix { $0 != "+" }
    if let dash = core.firstIndex(of: "-") { result += core[dash...] }
    return result
  }
}
