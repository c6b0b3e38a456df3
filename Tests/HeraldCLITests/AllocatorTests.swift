import Foundation
import HeraldTestSupport
import Testing

/// herald asks its allocator for memory in 2 MiB pages, and must do so before the allocator reads
/// its options (at the first allocation, before main): asked later, it takes no effect.
@Suite("The allocator's settings")
struct AllocatorTests {
  #if os(Linux)
    @Test("mimalloc starts with large pages on, and says nothing of it unless asked")
    func largePagesFromTheStart() throws {
      // mimalloc's verbose mode lists every option as it stood when it started.
      let verbose = try HeraldProcess.run(["--version"], environment: ["MIMALLOC_VERBOSE": "1"])
      #expect(verbose.status == 0)
      #expect(verbose.stderr.contains("mimalloc: option 'large_os_pages': 1"), "\(verbose.stderr)")
      let quiet = try HeraldProcess.run(["--version"])
      #expect(quiet.status == 0)
      #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
    }
  #endif
}
