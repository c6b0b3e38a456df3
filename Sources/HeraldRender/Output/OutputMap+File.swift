import HeraldCore

extension OutputMap {
  /// Whether these entries have this map's paths, in its order.
  func hasPaths(of sorted: [Ordered]) -> Bool {
    sorted.matches(self.sorted) { $0.path == $1.path }
  }
}
