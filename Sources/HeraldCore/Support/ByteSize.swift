/// Sizes as herald prints them.
package enum ByteSize {
  /// A size as people read it: `512 KB`, `5.2 MB`, `900 B` (powers of 1,000).
  package static func text(_ bytes: Int) -> String {
    if bytes < 1_000 { return "\(bytes) B" }
    if bytes < 1_000_000 { return "\(Int((Double(bytes) / 1_000).rounded())) KB" }
    let megabytes = Double(bytes) / 1_000_000
    let tenths = (megabytes * 10).rounded() / 10
    return tenths == tenths.rounded() ? "\(Int(tenths)) MB" : "\(tenths) MB"
  }
}
