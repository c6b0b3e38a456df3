// swift-tools-version:6.0
// HeraldClient, Herald's reader for Swift apps, as a package of its own: the reader and the
// protocol it decides with, and nothing of the herald tool (no parser, renderer, plugin or
// system library on Apple's platforms). Its Sources/ is a copy of herald's, made by
// scripts/swift-client-package in the Herald repository and checked there to be current; this file
// and README.md are the only files written here by hand.
import PackageDescription

let package = Package(
  name: "HeraldClient",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    // What an app links: the public API is Sources/HeraldClient/Public/ alone.
    .library(name: "HeraldClient", targets: ["HeraldClient"])
  ],
  targets: [
    // Versions, rows, the delivery rule and the decision: Foundation only, `package` throughout.
    .target(name: "HeraldProtocol"),
    .target(
      name: "HeraldClient",
      dependencies: [
        "HeraldProtocol",
        // On Linux only: libcurl (loaded when first used) for a transport that bounds a decoded
        // body, and libcrypto for Ed25519 where CryptoKit is not.
        .target(name: "CCurl", condition: .when(platforms: [.linux])),
        .target(name: "HeraldSigning", condition: .when(platforms: [.linux])),
      ]),
    .target(name: "HeraldSigning", dependencies: ["HeraldProtocol", "CCrypto"]),
    .systemLibrary(
      name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    .systemLibrary(name: "CCurl"),
  ]
)
