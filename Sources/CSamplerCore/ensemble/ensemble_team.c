/* ensemble_team.c - an ensemble's engines rendered on several threads (ensemble_team.h). The
 * threads claim whole engines, heaviest first as the caller orders them, so the last engine
 * claimed is a small one and no thread waits long for another. One word holds the job's
 * generation, its item count and the next item to claim: a worker late for a job that is over
 * finds another generation there and claims nothing. */
#include <stdlib.h>

#include "config.h"
#include "threads/crew.h"
#include "ensemble/ensemble_team.h"

struct sc_ensemble_team {
  sc_crew *crew;
  /* generation << 32 | count << 16 | next item */
  _Atomic uint64_t claims;
  _Atomic uint32_t done;
  /* the job on offer, written before it is offered and read only by a thread holding a claim */
  const uint32_t *order;
  void (*body)(void *argument, uint32_t item);
  void *argument;
};

static uint64_t claims_word(uint32_t generation, uint32_t count, uint32_t next) {
  return (uint64_t)generation << 32 | (uint64_t)count << 16 | next;
}

/* Runs the items of job `generation` this thread can claim. */
static void run_items(void *team, uint32_t index, uint32_t generation) {
  (void)index;
  sc_ensemble_team *t = team;
  uint64_t word = atomic_load_explicit(&t->claims, memory_order_acquire);
  for (;;) {
    uint32_t next = (uint32_t)(word & 0xffffu), count = (uint32_t)(word >> 16 & 0xffffu);
    if ((uint32_t)(word >> 32) != generation || next >= count) return;
    if (!atomic_compare_exchange_weak_explicit(&t->claims, &word, word + 1, memory_order_acq_rel,
                                               memory_order_acquire))
      continue;
    t->body(t->argument, t->order[next]);
    atomic_fetch_add_explicit(&t->done, 1, memory_order_release);
    word = atomic_load_explicit(&t->claims, memory_order_acquire);
  }
}

void sc_ensemble_team_run(sc_ensemble_team *t, const uint32_t *order, uint32_t count,
                          void (*body)(void *argument, uint32_t item), void *argument,
                          const sc_render_alongside *alongside) {
  t->order = order;
  t->body = body;
  t->argument = argument;
  atomic_store_explicit(&t->done, 0, memory_order_relaxed);
  uint32_t generation = sc_crew_next_generation(t->crew);
  atomic_store_explicit(&t->claims, claims_word(generation, count, 0), memory_order_relaxed);
  sc_crew_offer(t->crew);
  if (alongside) alongside->run(alongside->context);
  run_items(t, 0, generation);
  sc_crew_await(t->crew, &t->done, count);
}

sc_ensemble_team *sc_ensemble_team_create(uint32_t threads) {
  if (threads < 1 || threads > SC_TEAM_MAX_THREADS) return NULL;
  sc_ensemble_team *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  /* no job in generation 0, which is never offered */
  atomic_init(&t->claims, claims_word(0, 0, 0));
  t->crew = sc_crew_create(threads, run_items, t);
  if (!t->crew) {
    free(t);
    return NULL;
  }
  return t;
}

void sc_ensemble_team_destroy(sc_ensemble_team *team) {
  if (!team) return;
  sc_crew_destroy(team->crew);
  free(team);
}

uint32_t sc_ensemble_team_threads(const sc_ensemble_team *team) {
  return team ? sc_crew_threads(team->crew) : 0;
}

double sc_ensemble_team_worker_seconds(const sc_ensemble_team *team) {
  return team ? sc_crew_worker_seconds(team->crew) : 0.0;
}

double sc_ensemble_team_wait_seconds(const sc_ensemble_team *team) {
  return team ? sc_crew_wait_seconds(team->crew) : 0.0;
}
