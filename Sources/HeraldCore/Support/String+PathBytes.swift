extension String {
  /// The part of a slash-separated path before its last slash (`""` when it has none), found in
  /// the UTF-8 bytes: a search by `Character` cost a tenth of a rebuild at 10,000 files.
  package var parentPath: String {
    guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
    return String(self[..<slash])
  }

  /// How many slashes the path holds.
  package var slashCount: Int {
    var count = 0
    for byte in utf8 where byte == UInt8(ascii: "/") { count += 1 }
    return count
  }

  /// Whether one of the path's slash-separated components is `..`.
  package var climbsUp: Bool {
    utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).contains {
      $0.elementsEqual("..".utf8)
    }
  }
}
