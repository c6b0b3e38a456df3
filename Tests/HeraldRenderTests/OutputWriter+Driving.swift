import HeraldCore
import HeraldRender

extension OutputWriter {
  /// Drives a transaction as a build does (begin, render each wave into staging, commit), with
  /// the bytes given by a closure: the writer's tests' way of building.
  func write(
    _ files: [Planned], force: Bool, waiting: () -> Void = {}, map: Fingerprint?,
    waves: ([String]) -> [[String]] = { [$0] },
    prepare: ([String]) throws -> Void, rendered: () -> Void = {},
    render: @escaping @Sendable (String, inout ByteSink) throws -> Void
  ) throws -> Summary {
    let transaction = try begin(files, force: force, waiting: waiting, map: map)
    for wave in waves(transaction.pending) where !wave.isEmpty {
      try prepare(wave)
      _ = try wave.concurrentMap { path in
        let file = try transaction.open(path)
        try render(path, &file.sink)
        try file.close()
      }
    }
    // Every file is staged and none is in place yet: where a build saves its cache.
    rendered()
    return try transaction.commit()
  }

  /// Writes files whose bytes a closure gives, without an output map.
  func write(
    _ files: [String], force: Bool, render: @escaping @Sendable (String) throws -> [UInt8]
  ) throws -> Summary {
    try write(
      files.map(Planned.init(path:)), force: force, map: nil, prepare: { _ in },
      render: { path, sink in sink.write(try render(path)) })
  }
}
