/* crew.c - the worker threads of an offline team (crew.h). Each worker polls for the next job's
 * generation a few microseconds, so a team that renders block after block keeps its workers
 * awake, then sleeps on a condition variable, so an idle team costs nothing. */
/* pthread_getcpuclockid, clock_gettime and sched_yield, which strict C11 headers hide */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"
#include "threads/crew.h"
#include "dsp/denormals.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
static inline void relax(void) { _mm_pause(); }
#elif defined(__aarch64__)
static inline void relax(void) { __asm__ __volatile__("yield"); }
#else
static inline void relax(void) {}
#endif

/* One thread's place, a cache line apart from the next thread's. */
typedef struct sc_crew_member {
  struct sc_crew *crew;
  uint32_t index;
  _Atomic uint64_t waited; /* nanoseconds this thread polled for the others */
} __attribute__((aligned(64))) sc_crew_member;

struct sc_crew {
  uint32_t threads;
  sc_crew_job job;
  void *owner;
  sc_crew_member *members;
  pthread_t *workers;
  uint32_t started;
  _Atomic uint32_t generation; /* changes to offer a job (or to stop the workers) */
  _Atomic bool quit;
  pthread_mutex_t lock;
  pthread_cond_t wake;
  _Atomic uint32_t sleepers;
};

static uint64_t now_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/* Counts time a thread spent polling (on the CPU, doing nothing) from `since`. */
static void waited_since(sc_crew_member *m, uint64_t since) {
  atomic_fetch_add_explicit(&m->waited, now_ns() - since, memory_order_relaxed);
}

void sc_crew_await(sc_crew *c, _Atomic uint32_t *done, uint32_t total) {
  if (atomic_load_explicit(done, memory_order_acquire) >= total) return;
  uint64_t since = now_ns();
  for (uint32_t i = 0; atomic_load_explicit(done, memory_order_acquire) < total; i++) {
    if (i < SC_TEAM_SPIN_ROUNDS)
      relax();
    else
      sched_yield();
  }
  waited_since(&c->members[0], since);
}

/* A worker's wait for the next job: polling, then asleep. Returns its generation. */
static uint32_t next_job(sc_crew *c, sc_crew_member *m, uint32_t seen) {
  uint64_t since = now_ns();
  for (uint32_t i = 0; i < SC_TEAM_SPIN_ROUNDS; i++) {
    uint32_t generation = atomic_load_explicit(&c->generation, memory_order_acquire);
    if (generation != seen) {
      waited_since(m, since);
      return generation;
    }
    relax();
  }
  waited_since(m, since);
  pthread_mutex_lock(&c->lock);
  /* counted before the last look, so the caller either sees a sleeper or this thread sees the
   * new job (both sequentially consistent) */
  atomic_fetch_add(&c->sleepers, 1);
  while (atomic_load(&c->generation) == seen) pthread_cond_wait(&c->wake, &c->lock);
  atomic_fetch_sub(&c->sleepers, 1);
  pthread_mutex_unlock(&c->lock);
  return atomic_load_explicit(&c->generation, memory_order_acquire);
}

uint32_t sc_crew_next_generation(const sc_crew *c) {
  return atomic_load_explicit(&((sc_crew *)c)->generation, memory_order_relaxed) + 1;
}

uint32_t sc_crew_offer(sc_crew *c) {
  uint32_t generation = sc_crew_next_generation(c);
  atomic_store(&c->generation, generation);
  if (atomic_load(&c->sleepers) > 0) {
    pthread_mutex_lock(&c->lock);
    pthread_cond_broadcast(&c->wake);
    pthread_mutex_unlock(&c->lock);
  }
  return generation;
}

static void *worker_main(void *argument) {
  sc_crew_member *m = argument;
  sc_crew *c = m->crew;
  /* the caller renders with denormals flushed: the same arithmetic on every thread */
  sc_fp_state fp;
  sc_denormals_flush_begin(&fp);
  uint32_t seen = 0;
  for (;;) {
    seen = next_job(c, m, seen);
    if (atomic_load_explicit(&c->quit, memory_order_acquire)) break;
    c->job(c->owner, m->index, seen);
  }
  sc_denormals_flush_end(&fp);
  return NULL;
}

/* Stops the workers that started and frees everything. */
static void dismiss(sc_crew *c) {
  if (c->started > 0) {
    atomic_store_explicit(&c->quit, true, memory_order_release);
    sc_crew_offer(c);
    for (uint32_t k = 0; k < c->started; k++) pthread_join(c->workers[k], NULL);
  }
  pthread_cond_destroy(&c->wake);
  pthread_mutex_destroy(&c->lock);
  free(c->workers);
  free(c->members);
  free(c);
}

sc_crew *sc_crew_create(uint32_t threads, sc_crew_job job, void *owner) {
  if (threads < 1 || !job) return NULL;
  sc_crew *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->threads = threads;
  c->job = job;
  c->owner = owner;
  if (pthread_mutex_init(&c->lock, NULL) != 0) {
    free(c);
    return NULL;
  }
  if (pthread_cond_init(&c->wake, NULL) != 0) {
    pthread_mutex_destroy(&c->lock);
    free(c);
    return NULL;
  }
  c->members = aligned_alloc(64, threads * sizeof(sc_crew_member));
  c->workers = calloc(threads, sizeof(pthread_t));
  if (!c->members || !c->workers) {
    dismiss(c);
    return NULL;
  }
  memset(c->members, 0, threads * sizeof(sc_crew_member));
  for (uint32_t k = 0; k < threads; k++) {
    c->members[k].crew = c;
    c->members[k].index = k;
  }
  for (uint32_t k = 1; k < threads; k++) {
    if (pthread_create(&c->workers[k - 1], NULL, worker_main, &c->members[k]) != 0) {
      dismiss(c);
      return NULL;
    }
    c->started++;
  }
  return c;
}

void sc_crew_destroy(sc_crew *c) {
  if (c) dismiss(c);
}

uint32_t sc_crew_threads(const sc_crew *c) { return c->threads; }

double sc_crew_worker_seconds(const sc_crew *c) {
  double seconds = 0.0;
  for (uint32_t k = 0; k < c->started; k++) {
    clockid_t clock;
    struct timespec used;
    if (pthread_getcpuclockid(c->workers[k], &clock) == 0 && clock_gettime(clock, &used) == 0)
      seconds += (double)used.tv_sec + (double)used.tv_nsec * 1e-9;
  }
  return seconds;
}

double sc_crew_wait_seconds(const sc_crew *c) {
  uint64_t waited = 0;
  for (uint32_t k = 0; k < c->threads; k++)
    waited += atomic_load_explicit(&c->members[k].waited, memory_order_relaxed);
  return (double)waited * 1e-9;
}
