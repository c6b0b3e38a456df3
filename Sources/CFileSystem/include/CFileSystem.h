#ifndef HERALD_CFILESYSTEM_H
#define HERALD_CFILESYSTEM_H

/// Atomically exchanges two paths (Linux renameat2 with RENAME_EXCHANGE); returns 0 or -1 with errno set.
int herald_exchange_paths(const char *first, const char *second);

#endif
