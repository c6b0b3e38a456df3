/* Loaded into herald with LD_PRELOAD by the tests: the process kills itself (SIGKILL, as a power
 * cut or the OOM killer would) just before its Nth rename, N from HERALD_TEST_KILL_AT_RENAME, or
 * its Nth removal of a file, N from HERALD_TEST_KILL_AT_UNLINK.
 * A build puts every file in place by renaming it (a file that replaces one, by exchanging the two
 * and then removing the old one), so "killed at its 4th rename" is a build stopped at one exact
 * step of its journal, the same step every run.
 *
 * With HERALD_TEST_ON_DISK set, a file system kept in memory (tmpfs, ramfs) reports itself as
 * ext4: herald exchanges files only on a disk, and a test of the exchange must not depend on
 * whether the machine's temporary folder is a tmpfs (Debian 13's /tmp is). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/vfs.h>
#include <unistd.h>

static atomic_int renames;
static atomic_int unlinks;

static void count_rename(void) {
  const char *at = getenv("HERALD_TEST_KILL_AT_RENAME");
  if (at != NULL && atomic_fetch_add(&renames, 1) + 1 == atoi(at)) kill(getpid(), SIGKILL);
}

static void count_unlink(void) {
  const char *at = getenv("HERALD_TEST_KILL_AT_UNLINK");
  if (at != NULL && atomic_fetch_add(&unlinks, 1) + 1 == atoi(at)) kill(getpid(), SIGKILL);
}

int unlink(const char *path) {
  int (*real)(const char *) = (int (*)(const char *))dlsym(RTLD_NEXT, "unlink");
  count_unlink();
  return real(path);
}

int unlinkat(int folder, const char *path, int flags) {
  int (*real)(int, const char *, int) = (int (*)(int, const char *, int))dlsym(RTLD_NEXT, "unlinkat");
  /* Only files: removing an empty folder is not a step of the journal. */
  if ((flags & AT_REMOVEDIR) == 0) count_unlink();
  return real(folder, path, flags);
}

int rename(const char *from, const char *to) {
  int (*real)(const char *, const char *) = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
  count_rename();
  return real(from, to);
}

int renameat(int from_folder, const char *from, int to_folder, const char *to) {
  int (*real)(int, const char *, int, const char *) =
      (int (*)(int, const char *, int, const char *))dlsym(RTLD_NEXT, "renameat");
  count_rename();
  return real(from_folder, from, to_folder, to);
}

int renameat2(int from_folder, const char *from, int to_folder, const char *to, unsigned int flags) {
  int (*real)(int, const char *, int, const char *, unsigned int) =
      (int (*)(int, const char *, int, const char *, unsigned int))dlsym(RTLD_NEXT, "renameat2");
  count_rename();
  return real(from_folder, from, to_folder, to, flags);
}

/* tmpfs and ramfs (<linux/magic.h>) become ext4. */
static __fsword_t on_disk(int code, __fsword_t type) {
  if (code != 0 || getenv("HERALD_TEST_ON_DISK") == NULL) return type;
  return type == 0x01021994 || type == (__fsword_t)0x858458f6 ? 0xEF53 : type;
}

int fstatfs(int descriptor, struct statfs *status) {
  int (*real)(int, struct statfs *) = (int (*)(int, struct statfs *))dlsym(RTLD_NEXT, "fstatfs");
  int code = real(descriptor, status);
  status->f_type = on_disk(code, status->f_type);
  return code;
}

int fstatfs64(int descriptor, struct statfs64 *status) {
  int (*real)(int, struct statfs64 *) = (int (*)(int, struct statfs64 *))dlsym(RTLD_NEXT, "fstatfs64");
  int code = real(descriptor, status);
  status->f_type = on_disk(code, status->f_type);
  return code;
}
