// The least a rebuild after a one-title edit must do at 10,000 records while keeping herald's
// guarantees (docs/outputs.md): list and stat every record file (to find the edited one), stat every
// file already in the output (a file edited by hand is written again), and replace the files that
// hold the record atomically: each written whole as a new file, from the old file's mapping, then
// renamed over it. The stats run on two threads. It reads no record and renders nothing, so a
// rebuild cannot take less; compare its time with a full build's.
//
// The files are the ones the edit changes, as `herald build` reports them: for an old (expired)
// record, its page and the archive page it is on; for a live one, the manifests too.
//
//   cc -O2 -o /tmp/edit-floor Benchmarks/edit-floor.c -lpthread
//   herald build --site Benchmarks/sites/herald-10000 --output /dev/shm/out --now 2026-11-30T12:00:00Z
//   /tmp/edit-floor Benchmarks/sites/herald-10000 /dev/shm/out \
//     announcements/record-00007/index.html page/80/index.html
//
// It rewrites those files with the bytes they already hold, so the output stays as it was.
#define _GNU_SOURCE  // nftw
#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char **paths;
static size_t count, capacity;

static double milliseconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

static void add(const char *path) {
  if (count == capacity) {
    capacity = capacity ? capacity * 2 : 1024;
    paths = realloc(paths, capacity * sizeof *paths);
    if (!paths) exit(1);
  }
  paths[count++] = strdup(path);
}

static int collect(const char *path, const struct stat *status, int type, struct FTW *where) {
  (void)status;
  (void)where;
  // herald's own files (.herald-map and the rest) are not outputs.
  if (type == FTW_F && !strstr(path, "/.herald")) add(path);
  return 0;
}

static void *stat_half(void *half) {
  struct stat status;
  for (size_t index = (size_t)half; index < count; index += 2) stat(paths[index], &status);
  return NULL;
}

static size_t replace(const char *path) {
  int old = open(path, O_RDONLY);
  struct stat status;
  if (old < 0 || fstat(old, &status) != 0) {
    perror(path);
    exit(1);
  }
  size_t size = (size_t)status.st_size;
  const char *bytes = mmap(NULL, size, PROT_READ, MAP_SHARED, old, 0);
  close(old);
  if (bytes == MAP_FAILED) exit(1);
  char temporary[4096];
  snprintf(temporary, sizeof temporary, "%s.new", path);
  int new = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  for (size_t written = 0; written < size;) {
    ssize_t step = write(new, bytes + written, size - written);
    if (step <= 0) exit(1);
    written += (size_t)step;
  }
  close(new);
  munmap((void *)bytes, size);
  if (rename(temporary, path) != 0) exit(1);
  return size;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s SITE OUTPUT FILE...\n", argv[0]);
    return 2;
  }
  char path[8192];
  // herald finds the output's files in .herald-map (4 ms at 10,000 records); walking the output
  // stands in for it, outside the timing.
  nftw(argv[2], collect, 32, FTW_PHYS);
  size_t outputs = count;
  double start = milliseconds();
  snprintf(path, sizeof path, "%s/content/announcements", argv[1]);
  DIR *folder = opendir(path);
  if (!folder) return 1;
  for (struct dirent *entry; (entry = readdir(folder));) {
    if (entry->d_name[0] == '.') continue;
    snprintf(path, sizeof path, "%s/content/announcements/%s", argv[1], entry->d_name);
    add(path);
  }
  closedir(folder);
  double listed = milliseconds();
  pthread_t other;
  pthread_create(&other, NULL, stat_half, (void *)1);
  stat_half((void *)0);
  pthread_join(other, NULL);
  double statted = milliseconds();
  size_t bytes = 0;
  for (int index = 3; index < argc; index++) {
    snprintf(path, sizeof path, "%s/%s", argv[2], argv[index]);
    bytes += replace(path);
  }
  double done = milliseconds();
  printf(
      "list %.1f ms; stat %zu record and %zu output files %.1f ms; write and rename %.1f MB %.1f "
      "ms; total %.1f ms\n",
      listed - start, count - outputs, outputs, statted - listed, bytes / 1e6, done - statted,
      done - start);
  return 0;
}
