// swift-tools-version: 6.0
// An app's package, outside herald's own: it depends on the client-only package clients/swift (the
// HeraldClient product and nothing of the tool), as an app adds it, and uses the public API the way
// an app does (Tests/AppPackage/run builds and runs it, and checks that nothing of the tool is
// visible through `import HeraldClient`).
import PackageDescription

let package = Package(
  name: "AppPackage",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  dependencies: [.package(path: "../../clients/swift")],
  targets: [
    .executableTarget(
      name: "AppUsage", dependencies: [.product(name: "HeraldClient", package: "swift")]),
    // What a poll costs the reader as an app links it (swift run -c release ClientBench).
    .executableTarget(
      name: "ClientBench", dependencies: [.product(name: "HeraldClient", package: "swift")]),
  ]
)
