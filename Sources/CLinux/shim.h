/* Linux calls of glibc's that Swift's Glibc module does not show. */
#ifndef HERALD_CLINUX_SHIM_H
#define HERALD_CLINUX_SHIM_H

#include <sys/vfs.h>

/* renameat2(2) (glibc 2.28, Linux 3.15) is declared by <stdio.h> only under _GNU_SOURCE, which
 * the Glibc module is built without: the same prototype, declared here. */
int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath,
              unsigned int flags);

/* renameat2's flag that swaps the two names at once: both files stay, each under the other's
 * name (<linux/fs.h>'s RENAME_EXCHANGE). */
#define HERALD_RENAME_EXCHANGE (1 << 1)

/* Whether an open folder is on a file system kept in memory (tmpfs or ramfs, <linux/magic.h>'s
 * TMPFS_MAGIC and RAMFS_MAGIC); 0 when it is not or cannot be told. */
static inline int herald_is_in_memory(int descriptor) {
  struct statfs status;
  if (fstatfs(descriptor, &status) != 0) return 0;
  return status.f_type == 0x01021994 || status.f_type == (__fsword_t)0x858458f6;
}

#endif
