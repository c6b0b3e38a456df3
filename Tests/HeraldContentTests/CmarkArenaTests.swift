import CCmark
import Testing

/// The per-thread arena cmark allocates from while herald parses a body (Sources/CCmark/shim.h).
@Suite("cmark's arena")
struct CmarkArenaTests {
  private func bytes(_ pointer: UnsafeMutableRawPointer?, _ count: Int) -> [UInt8] {
    guard let pointer else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: count))
  }

  private func fill(_ pointer: UnsafeMutableRawPointer?, _ byte: UInt8, _ count: Int) {
    pointer?.initializeMemory(as: UInt8.self, repeating: byte, count: count)
  }

  @Test("blocks keep their bytes when they grow, in place or moved, and calloc zeroes")
  func blocks() {
    defer { herald_cmark_arena_reset() }
    let first = herald_cmark_realloc(nil, 24)
    fill(first, 0xA1, 24)
    let second = herald_cmark_calloc(3, 8)
    #expect(bytes(second, 24) == Array(repeating: 0, count: 24))
    fill(second, 0xB2, 24)
    // Not the last block: it moves, and keeps its bytes.
    let moved = herald_cmark_realloc(first, 4_000)
    #expect(moved != first)
    #expect(bytes(moved, 24) == Array(repeating: 0xA1, count: 24))
    // The last block grows where it is.
    let grown = herald_cmark_realloc(moved, 8_000)
    #expect(grown == moved)
    #expect(bytes(grown, 24) == Array(repeating: 0xA1, count: 24))
    #expect(bytes(second, 24) == Array(repeating: 0xB2, count: 24))
    // Larger than a chunk: a chunk of its own, and every address 16-byte aligned.
    let large = herald_cmark_realloc(grown, 200_000)
    #expect(bytes(large, 24) == Array(repeating: 0xA1, count: 24))
    for pointer in [first, second, moved, grown, large] {
      #expect(Int(bitPattern: pointer) % 16 == 0)
    }
  }

  @Test("a reset gives back every chunk, so a thread that ends leaves nothing behind")
  func reset() {
    herald_cmark_arena_reset()
    #expect(herald_cmark_arena_chunk_count() == 0)
    _ = herald_cmark_realloc(nil, 100)
    _ = herald_cmark_realloc(nil, 100_000)
    _ = herald_cmark_calloc(1_000, 100)
    #expect(herald_cmark_arena_chunk_count() == 3)
    herald_cmark_arena_reset()
    #expect(herald_cmark_arena_chunk_count() == 0)
  }
}
