#include <stdlib.h>
#include <string.h>
#include <cmark.h>

// A per-thread arena for cmark's nodes and buffers: a body of a kilobyte made some 35 callocs,
// 20 reallocs and 40 frees, 4% of a 10,000-record build's instructions. Blocks are carved from
// 64 KiB chunks (16-byte aligned, each after a 16-byte header holding its size), freeing does
// nothing, and herald_cmark_arena_reset gives everything back at once after the tree is read.
// Each thread parses its own documents, so each has its own arena.
//
// These are static inline functions with a function-local thread-local variable (a file-level one
// is not emitted by Swift's importer): every Swift file that calls them gets its own copy and its
// own arena, so a document is parsed, read and reset from one file (MarkdownBodyReader.swift).

typedef struct herald_cmark_chunk {
  struct herald_cmark_chunk *next;
  size_t capacity;
  size_t used;
  size_t padding;  // keeps data 16-byte aligned
  unsigned char data[];
} herald_cmark_chunk;

// This thread's chunks, newest first (a function's static, which Swift's importer emits with it).
static inline herald_cmark_chunk **herald_cmark_chunks_slot(void) {
  static _Thread_local herald_cmark_chunk *chunks;
  return &chunks;
}

enum { herald_cmark_chunk_size = 64 * 1024, herald_cmark_header = 16 };

static inline size_t herald_cmark_rounded(size_t size) { return (size + 15) & ~(size_t)15; }

static inline void *herald_cmark_alloc(size_t size) {
  if (size > ((size_t)-1) / 2) abort();
  size_t need = herald_cmark_header + herald_cmark_rounded(size);
  herald_cmark_chunk *chunk = *herald_cmark_chunks_slot();
  if (chunk == NULL || chunk->capacity - chunk->used < need) {
    size_t capacity = need > herald_cmark_chunk_size ? need : herald_cmark_chunk_size;
    herald_cmark_chunk *fresh = malloc(sizeof(herald_cmark_chunk) + capacity);
    if (fresh == NULL) abort();  // as cmark's own allocator does
    fresh->next = chunk;
    fresh->capacity = capacity;
    fresh->used = 0;
    *herald_cmark_chunks_slot() = chunk = fresh;
  }
  unsigned char *block = chunk->data + chunk->used;
  chunk->used += need;
  *(size_t *)block = size;
  return block + herald_cmark_header;
}

static inline void *herald_cmark_calloc(size_t count, size_t size) {
  if (size != 0 && count > ((size_t)-1) / 2 / size) abort();
  void *block = herald_cmark_alloc(count * size);
  memset(block, 0, count * size);
  return block;
}

static inline void *herald_cmark_realloc(void *pointer, size_t size) {
  if (pointer == NULL) return herald_cmark_alloc(size);
  if (size > ((size_t)-1) / 2) abort();
  unsigned char *block = (unsigned char *)pointer - herald_cmark_header;
  size_t old = *(size_t *)block;
  herald_cmark_chunk *chunk = *herald_cmark_chunks_slot();
  size_t oldEnd = (size_t)(block - chunk->data) + herald_cmark_header + herald_cmark_rounded(old);
  // The last block of the current chunk grows in place when the chunk has room.
  if (block >= chunk->data && block < chunk->data + chunk->used && oldEnd == chunk->used
      && chunk->capacity - (size_t)(block - chunk->data) >= herald_cmark_header + herald_cmark_rounded(size)) {
    chunk->used = (size_t)(block - chunk->data) + herald_cmark_header + herald_cmark_rounded(size);
    *(size_t *)block = size;
    return pointer;
  }
  void *moved = herald_cmark_alloc(size);
  memcpy(moved, pointer, old < size ? old : size);
  return moved;
}

static inline void herald_cmark_release(void *pointer) { (void)pointer; }

/// Parses a document with this thread's arena; read the tree, then call herald_cmark_arena_reset
/// (not cmark_node_free).
static inline cmark_node *herald_cmark_parse_in_arena(const char *buffer, size_t length, int options) {
  static cmark_mem memory = {herald_cmark_calloc, herald_cmark_realloc, herald_cmark_release};
  cmark_parser *parser = cmark_parser_new_with_mem(options, &memory);
  cmark_parser_feed(parser, buffer, length);
  cmark_node *document = cmark_parser_finish(parser);
  cmark_parser_free(parser);
  return document;
}

/// Gives back everything this thread's arena holds. Nothing is kept for the next document: a
/// thread that ends (libdispatch retires idle ones, and `serve` runs for hours) leaves nothing.
static inline void herald_cmark_arena_reset(void) {
  herald_cmark_chunk *chunk = *herald_cmark_chunks_slot();
  while (chunk != NULL) {
    herald_cmark_chunk *next = chunk->next;
    free(chunk);
    chunk = next;
  }
  *herald_cmark_chunks_slot() = NULL;
}

/// How many chunks this thread's arena holds (for tests).
static inline int herald_cmark_arena_chunk_count(void) {
  int count = 0;
  for (herald_cmark_chunk *chunk = *herald_cmark_chunks_slot(); chunk != NULL; chunk = chunk->next) {
    count += 1;
  }
  return count;
}
