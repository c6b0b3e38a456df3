// swift-tools-version:6.0
// Herald: a what's-new channel for apps, built from announcement files in git.
//
// Dependencies point one way, towards HeraldProtocol (Foundation only: versions, rows, the
// delivery rule, the decision), which the tool and the app's reader share:
//   herald → HeraldCLI → HeraldCache → HeraldBuild → HeraldRender, HeraldContent → HeraldFiles,
//   HeraldCore → HeraldProtocol; HeraldServe → HeraldRender; HeraldCLI → HeraldSigning (libcrypto)
//   → HeraldProtocol; HeraldClient → HeraldProtocol (and HeraldSigning on Linux).
// What a module offers another is `package`; only HeraldClient's `Public/` is `public` (what an
// app calls). Each C library is wrapped by one system-library target, and exactly one Swift module
// imports it.
import PackageDescription

/// URLSession's engine of HeraldClient's transport, on Linux only in debug builds, where the tests
/// of the Apple platforms' engine run: in the release herald it would link libcurl at start-up.
let urlSessionOnLinux = SwiftSetting.define(
  "HERALD_URLSESSION_ON_LINUX", .when(platforms: [.linux], configuration: .debug))

let package = Package(
  name: "herald",
  // What HeraldClient needs on Apple's platforms: ContinuousClock and URL.appending(path:) came
  // with iOS 16 and macOS 13 (Tests/AppPackage declares the same).
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .executable(name: "herald", targets: ["herald"]),
    // What an app links: the reader that fetches, caches and decides (DESIGN §5), over the
    // versions, rows and decision rules of HeraldProtocol (Foundation only), none of which an app
    // sees: its public API is HeraldClient's `Public/` folder alone.
    .library(name: "HeraldClient", targets: ["HeraldClient"]),
  ],
  targets: [
    // MARK: C libraries from Debian, one system-library target each.
    .systemLibrary(
      name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
    .systemLibrary(
      name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
    .systemLibrary(
      name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
    // The build cache's database.
    .systemLibrary(
      name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    // zlib's CRC-32 seals what herald keeps between builds (the cache's entries, the output map).
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // Ed25519 and SHA-256 for the signed channel (DESIGN §9), through HeraldSigning alone.
    .systemLibrary(
      name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    // The preview server's and (on Linux, where URLSession cannot bound a decoded body) HeraldClient's
    // transport's libraries are loaded when first used (dlopen, see their shim.h), not linked:
    // linked, they and the TLS, Kerberos and LDAP libraries they need made every run of herald
    // start some 8 ms later. No pkg-config, whose flags would link them: their headers (from
    // libmicrohttpd-dev and libcurl4-openssl-dev) are in the system's include path.
    .systemLibrary(name: "CMicroHTTPD"),
    .systemLibrary(name: "CCurl"),
    // glibc's Linux calls that its Swift module does not show (renameat2), declared in a shim.
    .systemLibrary(name: "CLinux"),

    // MARK: What an app links: the protocol (versions, rows, the delivery rule, the decision) and
    // the reader over it; Foundation only on Apple's platforms (libcurl on Linux).
    .target(name: "HeraldProtocol"),
    .target(
      name: "HeraldClient",
      dependencies: [
        "HeraldProtocol", .target(name: "CCurl", condition: .when(platforms: [.linux])),
        // Ed25519 and SHA-256 for a signed channel: CryptoKit on Apple's platforms, libcrypto here.
        .target(name: "HeraldSigning", condition: .when(platforms: [.linux])),
      ],
      // URLSession's engine on Linux only where its tests run: see URLSessionTransport.swift.
      swiftSettings: [urlSessionOnLinux]),

    // MARK: The pipeline.
    .target(name: "HeraldCore", dependencies: ["HeraldProtocol"]),
    // POSIX reading, listing and writing, shared by the loader and the output writer.
    .target(
      name: "HeraldFiles",
      dependencies: [
        "HeraldCore", "CZlib", .target(name: "CLinux", condition: .when(platforms: [.linux])),
      ]),
    // Ed25519 keys and signatures, SHA-256 and key files, over libcrypto: the tool's signing, and
    // on Linux HeraldClient's verifying.
    .target(name: "HeraldSigning", dependencies: ["HeraldProtocol", "CCrypto"]),
    .target(
      name: "HeraldContent", dependencies: ["HeraldCore", "HeraldFiles", "CYAML", "CCmark"]),
    .target(
      name: "HeraldRender",
      dependencies: ["HeraldCore", "HeraldFiles", "HeraldContent", "HeraldSigning", "CLibXML2"],
      plugins: ["EmbedDefaultTheme"]),
    // The build as named steps (load, check, plan, render, commit), and the one seam through which
    // it reuses earlier builds' work.
    .target(
      name: "HeraldBuild",
      dependencies: ["HeraldCore", "HeraldFiles", "HeraldContent", "HeraldRender"]),
    // What a build keeps for the next: parsed records and rendered fragments, outside the site and
    // the output (on disk for build and check, in memory for serve), behind HeraldBuild's seam.
    // The last step: a built output into an S3-compatible bucket, in the order that keeps every
    // pointer's documents there first (libcurl signs, through HeraldClient's one curl module).
    .target(
      name: "HeraldDeploy",
      dependencies: ["HeraldCore", "HeraldFiles", "HeraldSigning", "HeraldClient"]),
    .target(
      name: "HeraldCache",
      dependencies: [
        "HeraldCore", "HeraldFiles", "HeraldContent", "HeraldRender", "HeraldBuild", "CSQLite",
      ]),
    .target(
      name: "HeraldServe",
      dependencies: ["HeraldCore", "HeraldRender", "HeraldFiles", "CMicroHTTPD"],
      plugins: ["EmbedDefaultTheme"]),
    .target(
      name: "HeraldCLI",
      dependencies: [
        "HeraldCore", "HeraldContent", "HeraldRender", "HeraldBuild", "HeraldCache", "HeraldServe",
        "HeraldFiles", "HeraldClient", "HeraldSigning", "HeraldDeploy",
      ],
      plugins: ["EmbedDefaultTheme"]),
    // Linked with mimalloc on Linux: a build allocates and frees millions of small values (pages'
    // data, strings, rows) on both cores, and glibc's malloc and free were an eighth of its work.
    // HeraldAllocator links it, and sets it to take memory in 2 MiB pages before anything runs.
    .executableTarget(
      name: "herald",
      dependencies: [
        "HeraldCLI", .target(name: "HeraldAllocator", condition: .when(platforms: [.linux])),
      ]),
    .target(
      name: "HeraldAllocator",
      linkerSettings: [.linkedLibrary("mimalloc", .when(platforms: [.linux]))]),
    // HeraldClient's adapter for conformance/run-cases, the runner any port's cases go through.
    .executableTarget(
      name: "HeraldConformanceAdapter", dependencies: ["HeraldClient", "HeraldCore"]),

    // MARK: Fuzzing: the targets (replayed by the tests) and the libFuzzer executable (make fuzz).
    .target(
      name: "HeraldFuzzTargets", dependencies: ["HeraldCore", "HeraldContent", "HeraldRender"]),
    .executableTarget(name: "HeraldFuzz", dependencies: ["HeraldFuzzTargets"]),

    // MARK: Build tooling: themes/default/ and site-template/ are compiled into the binary.
    .executableTarget(name: "ThemeEmbedder"),
    .plugin(
      name: "EmbedDefaultTheme", capability: .buildTool(), dependencies: ["ThemeEmbedder"]),

    // MARK: Tests.
    .target(name: "HeraldTestSupport", path: "Tests/HeraldTestSupport"),
    .testTarget(name: "HeraldCoreTests", dependencies: ["HeraldCore", "HeraldTestSupport"]),
    .testTarget(
      name: "HeraldSigningTests",
      dependencies: ["HeraldSigning", "HeraldProtocol", "HeraldTestSupport"]),
    .testTarget(
      name: "HeraldContentTests",
      dependencies: ["HeraldCore", "HeraldContent", "HeraldTestSupport"]),
    .testTarget(
      name: "HeraldRenderTests",
      dependencies: [
        "HeraldCore", "HeraldContent", "HeraldRender", "HeraldFiles", "HeraldTestSupport",
      ]),
    .testTarget(
      name: "HeraldServeTests", dependencies: ["HeraldServe", "HeraldTestSupport"]),
    .testTarget(
      name: "HeraldClientTests",
      dependencies: [
        "HeraldClient", "HeraldCore", "HeraldServe", "HeraldRender", "HeraldContent",
        "HeraldSigning", "HeraldTestSupport", "HeraldConformanceAdapter",
      ],
      swiftSettings: [urlSessionOnLinux]),
    .testTarget(
      name: "HeraldFuzzTests", dependencies: ["HeraldFuzzTargets", "HeraldTestSupport"]),
    .testTarget(
      name: "HeraldCLITests",
      dependencies: [
        "HeraldCore", "HeraldContent", "HeraldFiles", "HeraldCLI", "HeraldServe",
        "HeraldTestSupport",
        "herald",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
