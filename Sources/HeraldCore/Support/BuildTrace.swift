#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How long each phase of a run takes, printed to standard error when the environment variable
/// `HERALD_TIMINGS` is set (for profiling and `make bench`; never part of any output).
package enum BuildTrace {
  #if canImport(Darwin)
    private static let ownUsage = RUSAGE_SELF
  #else
    private static let ownUsage = __rusage_who_t(RUSAGE_SELF.rawValue)
  #endif

  /// Whether phases are timed.
  package static let isEnabled = getenv("HERALD_TIMINGS") != nil

  /// Runs a phase, printing its wall and processor time (all threads, user and system) and the
  /// peak memory so far when tracing is on.
  package static func measure<Value, Failure: Error>(
    _ name: String, _ body: () throws(Failure) -> Value
  ) throws(Failure) -> Value {
    guard isEnabled else { return try body() }
    let clock = ContinuousClock()
    let start = clock.now
    var usage = rusage()
    getrusage(Self.ownUsage, &usage)
    let cpuBefore = cpuMilliseconds(usage)
    let value = try body()
    let elapsed = clock.now - start
    let milliseconds =
      Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    getrusage(Self.ownUsage, &usage)
    let cpu = Int(cpuMilliseconds(usage) - cpuBefore)
    // The peak so far shows which phase raises it (ru_maxrss counts kilobytes on Linux, bytes on
    // Darwin).
    #if canImport(Darwin)
      let peak = usage.ru_maxrss / (1024 * 1024)
    #else
      let peak = usage.ru_maxrss / 1024
    #endif
    let line =
      "herald: \(name): \((milliseconds * 10).rounded() / 10) ms, cpu \(cpu) ms, peak \(peak) MB\n"
    var bytes = Array(line.utf8)
    _ = write(2, &bytes, bytes.count)
    return value
  }

  /// Prints a note about the run when tracing is on (why a step was taken or skipped).
  package static func note(_ text: @autoclosure () -> String) {
    guard isEnabled else { return }
    var bytes = Array("herald: \(text())\n".utf8)
    _ = write(2, &bytes, bytes.count)
  }

  private static func cpuMilliseconds(_ usage: rusage) -> Double {
    func milliseconds(_ time: timeval) -> Double {
      Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000
    }
    return milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime)
  }
}
