/*
 * log-formats: the bench's combined-format log (ipindex sample) rewritten as another log kind, the
 * same records in the same order, so that a join over each kind reads the same clients.
 *
 *   log-formats json < access.log > access.json   nginx `log_format ... escape=json`: one object a
 *                                                   line, {"time_local":..,"remote_addr":..,"request":..,
 *                                                   "status":..,"body_bytes_sent":..,"http_referer":..,
 *                                                   "http_user_agent":..}, every value a string
 *   log-formats alb < access.log > access.alb     AWS Application Load Balancer access log, the
 *                                                   documented field order: client:port is field 4,
 *                                                   target:port field 5 (the client of the line before,
 *                                                   so about as many targets as clients are listed)
 *
 * A stream filter: a gigabyte takes seconds, as the combined log's own generation does. A line that
 * is not combined format (client, `[time]`, three quoted fields) stops it with exit 1 and its number.
 * Build: cc -O2 -o log-formats log-formats.c (index-tools/bench does).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char out[1 << 20];
static size_t used;

static void flush_out(void) {
  if (used && fwrite(out, 1, used, stdout) != used) { perror("log-formats: write"); exit(1); }
  used = 0;
}
static void put(const char *s, size_t n) {
  if (used + n > sizeof out) flush_out();
  if (n > sizeof out) { fwrite(s, 1, n, stdout); return; }
  memcpy(out + used, s, n); used += n;
}
static void puts_(const char *s) { put(s, strlen(s)); }
/* A JSON string's content as nginx's escape=json writes it: " and \ escaped, \b \f \n \r \t, other control bytes \u00XX. */
static void put_json(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    const char *short_escape = c == '\b' ? "\\b" : c == '\f' ? "\\f" : c == '\n' ? "\\n" : c == '\r' ? "\\r" : c == '\t' ? "\\t" : NULL;
    if (c == '"' || c == '\\') { char e[2] = {'\\', (char)c}; put(e, 2); }
    else if (short_escape) put(short_escape, 2);
    else if (c < 0x20) { char e[7]; snprintf(e, sizeof e, "\\u%04x", c); put(e, 6); }
    else put((const char *)&s[i], 1);
  }
}

typedef struct { const char *p; size_t n; } span;

/* The quote closing a field that opens at p (a quote), skipping quotes escaped by a backslash. */
static char *closing_quote(char *p, char *end) {
  for (char *q = p + 1; q < end; q++) {
    if (*q == '\\') q++;
    else if (*q == '"') return q;
  }
  return NULL;
}

/* Splits `client - - [time] "request" status bytes "referer" "agent"`; 0 when the line is not that. */
static int split(char *line, size_t len, span f[7]) {
  char *end = line + len, *p = memchr(line, ' ', len), *q;
  if (!p) return 0;
  f[0] = (span){line, (size_t)(p - line)};
  if (!(p = memchr(p, '[', end - p)) || !(q = memchr(p, ']', end - p))) return 0;
  f[1] = (span){p + 1, (size_t)(q - p - 1)};
  if (!(p = memchr(q, '"', end - q)) || !(q = closing_quote(p, end))) return 0;
  f[2] = (span){p + 1, (size_t)(q - p - 1)};
  p = q + 1;
  while (p < end && *p == ' ') p++;
  char *s = p;
  while (p < end && *p != ' ') p++;
  f[3] = (span){s, (size_t)(p - s)};
  while (p < end && *p == ' ') p++;
  s = p;
  while (p < end && *p != ' ') p++;
  f[4] = (span){s, (size_t)(p - s)};
  for (int k = 5; k < 7; k++) {
    if (!(p = memchr(p, '"', end - p)) || !(q = closing_quote(p, end))) return 0;
    f[k] = (span){p + 1, (size_t)(q - p - 1)};
    p = q + 1;
  }
  return f[3].n && f[4].n;
}

static void json(span f[7]) {
  static const char *names[7] = {"{\"time_local\":\"", "\",\"remote_addr\":\"", "\",\"request\":\"",
    "\",\"status\":\"", "\",\"body_bytes_sent\":\"", "\",\"http_referer\":\"", "\",\"http_user_agent\":\""};
  static const int order[7] = {1, 0, 2, 3, 4, 5, 6};
  for (int k = 0; k < 7; k++) { puts_(names[k]); put_json(f[order[k]].p, f[order[k]].n); }
  puts_("\"}\n");
}

/* An address with its port as ALB writes it: a.b.c.d:port, [v6]:port. */
static void put_endpoint(span a, unsigned port) {
  char num[16];
  if (a.n == 1 && a.p[0] == '-') { put("-", 1); return; }   /* no target: ALB writes - */
  int v6 = memchr(a.p, ':', a.n) != NULL;
  if (v6) put("[", 1);
  put(a.p, a.n);
  if (v6) put("]", 1);
  put(num, (size_t)snprintf(num, sizeof num, ":%u", port));
}

/* 01/Jan/2026:00:00:07 +0000 -> 2026-01-01T00:00:07 (the sample writes UTC); 0 when not that shape. */
static int iso_time(span t, char iso[32]) {
  static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
  if (t.n < 20) return 0;
  const char *m = strstr(months, (char[4]){t.p[3], t.p[4], t.p[5], 0});
  if (!m || (m - months) % 3) return 0;
  int month = (int)(m - months) / 3 + 1;
  snprintf(iso, 32, "%.4s-%02d-%.2sT%.8s", t.p + 7, month, t.p, t.p + 12);
  return 1;
}

static void alb(span f[7], span target, unsigned long long n) {
  char iso[32], buf[128];
  span r = f[2];
  const char *sp1 = memchr(r.p, ' ', r.n);
  const char *sp2 = sp1 ? memchr(sp1 + 1, ' ', r.n - (size_t)(sp1 + 1 - r.p)) : NULL;
  if (!iso_time(f[1], iso)) memcpy(iso, "1970-01-01T00:00:00", 20);   /* the sample's times always parse */
  unsigned micros = (unsigned)(n % 1000000);
  puts_("http ");
  put(iso, 19); put(buf, (size_t)snprintf(buf, sizeof buf, ".%06uZ ", micros));
  puts_("app/bench-lb/50dc6c495c0c9188 ");
  put_endpoint(f[0], 1024 + (unsigned)(n % 64000)); put(" ", 1);
  put_endpoint(target, 80);
  put(buf, (size_t)snprintf(buf, sizeof buf, " 0.%03u 0.%03u 0.000 ", (unsigned)(n % 7), (unsigned)(n % 997)));
  put(f[3].p, f[3].n); put(" ", 1); put(f[3].p, f[3].n);
  put(buf, (size_t)snprintf(buf, sizeof buf, " %u ", (unsigned)(n % 900)));
  put(f[4].p, f[4].n);
  puts_(" \"");
  if (sp1 && sp2) {   /* GET /p HTTP/1.1 -> GET http://bench.example.com:80/p HTTP/1.1 */
    put(r.p, (size_t)(sp1 - r.p)); puts_(" http://bench.example.com:80"); put(sp1 + 1, (size_t)(r.p + r.n - sp1 - 1));
  } else {
    put(r.p, r.n);
  }
  puts_("\" \""); put(f[6].p, f[6].n);
  puts_("\" - - arn:aws:elasticloadbalancing:us-east-1:123456789012:targetgroup/bench/73e2d6bc24d8a067 ");
  put(buf, (size_t)snprintf(buf, sizeof buf, "\"Root=1-%08llx-%024llx\"", n / 20, n * 2654435761ULL));
  puts_(" \"bench.example.com\" \"-\" 0 ");
  put(iso, 19); puts_(".000000Z \"forward\" \"-\" \"-\" \""); put_endpoint(target, 80);
  puts_("\" \""); put(f[3].p, f[3].n); puts_("\" \"-\" \"-\" -\n");
}

int main(int argc, char **argv) {
  int as_json = argc == 2 && !strcmp(argv[1], "json"), as_alb = argc == 2 && !strcmp(argv[1], "alb");
  if (!as_json && !as_alb) { fputs("usage: log-formats json|alb < combined.log > out\n", stderr); return 2; }
  static char in[1 << 20];
  setvbuf(stdin, in, _IOFBF, sizeof in);
  char *line = NULL, prev[64] = "-";
  size_t cap = 0, prev_n = 1;
  ssize_t len;
  unsigned long long n = 0;
  while ((len = getline(&line, &cap, stdin)) > 0) {
    n++;
    if (line[len - 1] == '\n') len--;
    span f[7];
    if (!split(line, (size_t)len, f)) {
      fprintf(stderr, "log-formats: line %llu is not combined format (client [time] \"request\" status bytes \"referer\" \"agent\")\n", n);
      return 1;
    }
    if (as_json) {
      json(f);
    } else {
      alb(f, (span){prev, prev_n}, n);
      prev_n = f[0].n < sizeof prev ? f[0].n : sizeof prev - 1;
      memcpy(prev, f[0].p, prev_n);
    }
  }
  flush_out();
  free(line);
  return fflush(stdout) ? 1 : 0;
}
