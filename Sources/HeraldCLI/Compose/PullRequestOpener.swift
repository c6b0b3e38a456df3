import Foundation

/// Opens a pull request with GitHub's command line (`gh`) when it is installed and signed in.
enum PullRequestOpener {
  /// The new pull request's address, or nil when `gh` is not on the PATH or did not open one (it
  /// exists already, `gh` is not signed in, the remote is not GitHub).
  static func open(branch: String, title: String, body: String, in directory: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    guard
      let gh = path.split(separator: ":").map({ String($0) + "/gh" }).first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: gh)
    process.arguments = ["pr", "create", "--head", branch, "--title", title, "--body", body]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    guard (try? process.run()) != nil else { return nil }
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    exited.wait()
    guard process.terminationStatus == 0 else { return nil }
    // gh prints the new pull request's address last.
    return String(decoding: printed, as: UTF8.self).split(separator: "\n").last
      .map { String($0).trimmingWhitespace() }.flatMap { $0.hasPrefix("https://") ? $0 : nil }
  }
}
