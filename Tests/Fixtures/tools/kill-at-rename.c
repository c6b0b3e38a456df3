/* Loaded into herald with LD_PRELOAD by the tests: the process kills itself (SIGKILL, as a power
 * cut or the OOM killer would) just before its Nth rename, N from HERALD_TEST_KILL_AT_RENAME.
 * A build puts every file in place by renaming it, so "killed at its 4th rename" is a build stopped
 * at one exact step of its journal, the same step every run. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

static atomic_int renames;

static void count_rename(void) {
  const char *at = getenv("HERALD_TEST_KILL_AT_RENAME");
  if (at != NULL && atomic_fetch_add(&renames, 1) + 1 == atoi(at)) kill(getpid(), SIGKILL);
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
