/*
 * load-floor: the floor a load of an index cannot beat on this machine: map the file, copy it into
 * freshly allocated memory, nothing else (no checks, no JVM). The benchmark runs it next to
 * `ipindex load` and reports each read path's load time as a multiple of it.
 *
 *   cc -O2 -o load-floor index-tools/load-floor.c && ./load-floor FILE
 *
 * Prints one line, as `ipindex load` does: bytes=N millis=T cpu_millis=C file=F. The time runs
 * from open(2) to the end of the copy, page faults of both the mapping and the fresh memory
 * included; cpu_millis is the process's CPU time over the same span.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double ms(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: load-floor FILE\n");
    return 2;
  }
  double start = ms(CLOCK_MONOTONIC);
  double cpu_start = ms(CLOCK_PROCESS_CPUTIME_ID);
  int fd = open(argv[1], O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0 || st.st_size == 0) {
    fprintf(stderr, "load-floor: %s: cannot open, or empty\n", argv[1]);
    return 2;
  }
  size_t length = (size_t) st.st_size;
  const unsigned char *mapped = mmap(NULL, length, PROT_READ, MAP_PRIVATE, fd, 0);
  unsigned char *copy = malloc(length);
  if (mapped == MAP_FAILED || copy == NULL) {
    fprintf(stderr, "load-floor: %s: cannot map or allocate %zu bytes\n", argv[1], length);
    return 2;
  }
  memcpy(copy, mapped, length);
  double millis = ms(CLOCK_MONOTONIC) - start;
  double cpu_millis = ms(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
  /* Use the copy, so the compiler cannot drop it. */
  unsigned sum = 0;
  for (size_t i = 0; i < length; i += 4096) {
    sum += copy[i];
  }
  printf("bytes=%zu millis=%.1f cpu_millis=%.1f file=%s sample=%u\n", length, millis, cpu_millis,
         argv[1], sum & 0xff);
  munmap((void *) mapped, length);
  close(fd);
  free(copy);
  return 0;
}
