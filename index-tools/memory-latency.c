/*
 * memory-latency: the floor a lookup cannot beat on this machine. Over a block of memory the size
 * of an index, it times random reads of one cache line each, two ways:
 *   dependent    each read's address comes from the previous read (a random cycle through every
 *                line): one probe at a time, what `match` pays per cache miss;
 *   independent  addresses known in advance, the reads free to overlap: what a batch of probes
 *                (`matchAll`) pays per miss at best.
 * Both with the machine's default small pages and with transparent huge pages (madvise), since a
 * random read over a large block also misses the TLB. The benchmark runs it beside the JMH lookups.
 *
 *   cc -O2 -o memory-latency index-tools/memory-latency.c && ./memory-latency 104
 *
 * Prints one line per page kind: pages=small|huge mib=N dependent_ns=D independent_ns=I.
 */
#define _DEFAULT_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

#define LINE_WORDS 16 /* 64-byte lines of uint32_t */
#define READS (1u << 22)

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

static uint64_t state = 88172645463325252ull;

static uint64_t next_random(void) { /* xorshift64 */
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}

static void measure(size_t mib, int huge) {
  size_t bytes = mib << 20;
  size_t lines = bytes / 64;
  uint32_t *block = NULL;
  if (posix_memalign((void **) &block, 2u << 20, bytes) != 0) {
    fprintf(stderr, "memory-latency: cannot allocate %zu MiB\n", mib);
    exit(2);
  }
  madvise(block, bytes, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
  /* One random cycle through every line (Sattolo's shuffle): line i's first word names the next. */
  for (size_t i = 0; i < lines; i++) {
    block[i * LINE_WORDS] = (uint32_t) i;
  }
  for (size_t i = lines - 1; i > 0; i--) {
    size_t j = next_random() % i;
    uint32_t t = block[i * LINE_WORDS];
    block[i * LINE_WORDS] = block[j * LINE_WORDS];
    block[j * LINE_WORDS] = t;
  }
  uint32_t *targets = malloc(READS * sizeof(uint32_t));
  for (uint32_t r = 0; r < READS; r++) {
    targets[r] = (uint32_t) (next_random() % lines);
  }
  /* Warm the page tables the same way for both, then time. */
  uint64_t sum = 0;
  for (uint32_t r = 0; r < READS; r++) {
    sum += block[(size_t) targets[r] * LINE_WORDS];
  }
  double t0 = now_ns();
  for (uint32_t r = 0; r < READS; r++) {
    sum += block[(size_t) targets[r] * LINE_WORDS];
  }
  double t1 = now_ns();
  uint32_t at = 0;
  for (uint32_t r = 0; r < READS; r++) {
    at = block[(size_t) at * LINE_WORDS];
  }
  double t2 = now_ns();
  printf("pages=%s mib=%zu dependent_ns=%.1f independent_ns=%.1f check=%u\n", huge ? "huge" : "small",
         mib, (t2 - t1) / READS, (t1 - t0) / READS, (unsigned) ((sum + at) & 0xff));
  free(targets);
  free(block);
}

int main(int argc, char **argv) {
  if (argc != 2 || atol(argv[1]) < 1) {
    fprintf(stderr, "usage: memory-latency MIB\n");
    return 2;
  }
  size_t mib = (size_t) atol(argv[1]);
  measure(mib, 0);
  measure(mib, 1);
  return 0;
}
