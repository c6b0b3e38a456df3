// HeraldAllocator has nothing to call: linked into the herald executable, it sets mimalloc's
// options before the first allocation (see LargePages.c).
