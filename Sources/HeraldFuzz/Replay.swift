// Built normally, HeraldFuzz replays inputs: `HeraldFuzz TARGET FILE…` runs each file through the
// target (a fuzzing build has libFuzzer's main instead; see LibFuzzerEntry.swift).
import Foundation
import HeraldFuzzTargets

#if !HERALD_FUZZING
  /// Replays inputs through a target without libFuzzer: `HeraldFuzz TARGET FILE…`.
  @main
  enum Replay {
    static func main() {
      let arguments = CommandLine.arguments.dropFirst()
      guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
        FileHandle.standardError.write(Data("usage: HeraldFuzz \(names) FILE…\n".utf8))
        exit(64)
      }
      for path in arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: path) else {
          FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
          exit(66)
        }
        target.run(Array(data))
      }
      print("\(arguments.count - 1) inputs ran through \(name) without a finding")
    }
  }
#endif
