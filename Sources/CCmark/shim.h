#include <stdlib.h>
#include <cmark.h>

/// Frees memory that cmark allocated with the default allocator.
static inline void herald_cmark_free(void *pointer) { free(pointer); }
