/*
 * clock-shift: moves the wall clock of a process (and of every child that inherits LD_PRELOAD) by
 * MEDORA_CLOCK_OFFSET_MS, leaving the monotonic clock, timers and waits untouched.
 *
 * The test suites run under it to prove that no test depends on today's date (docs/testing.md).
 * Debian's libfaketime does the same job but cannot be used for PostgreSQL: its wait wrappers
 * (epoll_wait, poll) disable faking while they block, so the SIGALRM handler behind
 * statement_timeout reads the real date, finds its deadline (set in fake time) far away, and the
 * timeout never fires. Shifting only the clock reads keeps every process on one consistent clock.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>

static long long offset_ns = 0;
static int (*real_clock_gettime)(clockid_t, struct timespec *);
static int (*real_gettimeofday)(struct timeval *, void *);

__attribute__((constructor)) static void init(void) {
  const char *s = getenv("MEDORA_CLOCK_OFFSET_MS");
  if (s) offset_ns = atoll(s) * 1000000LL;
  real_clock_gettime = dlsym(RTLD_NEXT, "clock_gettime");
  real_gettimeofday = dlsym(RTLD_NEXT, "gettimeofday");
}

static int is_wall(clockid_t id) {
  return id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE || id == CLOCK_TAI;
}

int clock_gettime(clockid_t id, struct timespec *tp) {
  if (!real_clock_gettime) real_clock_gettime = dlsym(RTLD_NEXT, "clock_gettime");
  int r = real_clock_gettime(id, tp);
  if (r == 0 && tp && offset_ns && is_wall(id)) {
    long long ns = (long long)tp->tv_sec * 1000000000LL + tp->tv_nsec + offset_ns;
    tp->tv_sec = ns / 1000000000LL;
    tp->tv_nsec = ns % 1000000000LL;
  }
  return r;
}

int gettimeofday(struct timeval *tv, void *tz) {
  if (!real_gettimeofday) real_gettimeofday = dlsym(RTLD_NEXT, "gettimeofday");
  int r = real_gettimeofday(tv, tz);
  if (r == 0 && tv && offset_ns) {
    long long us = (long long)tv->tv_sec * 1000000LL + tv->tv_usec + offset_ns / 1000;
    tv->tv_sec = us / 1000000LL;
    tv->tv_usec = us % 1000000LL;
  }
  return r;
}

time_t time(time_t *t) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  if (t) *t = ts.tv_sec;
  return ts.tv_sec;
}
