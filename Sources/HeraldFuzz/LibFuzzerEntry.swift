// The fuzzing executable. Built by `make fuzz` with -sanitize=fuzzer,address and -DHERALD_FUZZING,
// it is a libFuzzer target (libFuzzer brings main; HERALD_FUZZ_TARGET picks the target). Built
// normally, it replays inputs: `HeraldFuzz TARGET FILE…` runs each file through the target.
import Foundation
import HeraldFuzzTargets

#if HERALD_FUZZING
  /// The target named by HERALD_FUZZ_TARGET, read once.
  let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["HERALD_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
      let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
      FileHandle.standardError.write(Data("set HERALD_FUZZ_TARGET to one of \(names)\n".utf8))
      exit(64)
    }
    return target
  }()

  /// libFuzzer's entry point: one input.
  @_cdecl("LLVMFuzzerTestOneInput")
  package func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedTarget.run(bytes)
    return 0
  }
#endif
