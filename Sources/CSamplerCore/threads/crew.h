/* crew.h - the threads of an offline team (crew.c): workers that wait for the next job, poll for
 * it a few microseconds and then sleep, and a count of the time they spent polling. What a job is
 * and how its pieces are claimed is the team's own business: a render team's mix groups
 * (render_team.c), an ensemble team's engines (ensemble_team.c). */
#ifndef SC_CREW_H
#define SC_CREW_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct sc_crew sc_crew;

/* What worker `index` (1...threads-1; 0 is the team's caller) does with job `generation`: the
 * pieces of it the worker can claim. */
typedef void (*sc_crew_job)(void *owner, uint32_t index, uint32_t generation);

/* Starts `threads` - 1 workers that run `job(owner, ...)` for each job offered. NULL when out of
 * memory or a thread would not start. [control] */
sc_crew *sc_crew_create(uint32_t threads, sc_crew_job job, void *owner);

/* Stops the workers, waits for them to end and frees the crew; NULL is ignored. [control] */
void sc_crew_destroy(sc_crew *crew);

/* Offers the next job to the workers, waking those asleep: its generation, which the team
 * writes into its pieces' claims before offering. [offline] */
uint32_t sc_crew_offer(sc_crew *crew);

/* The generation the next sc_crew_offer will return. [offline] */
uint32_t sc_crew_next_generation(const sc_crew *crew);

/* The caller's wait until `*done` reaches `total`: polling, then yielding. [offline] */
void sc_crew_await(sc_crew *crew, _Atomic uint32_t *done, uint32_t total);

/* Threads of the crew, the caller's included. [any] */
uint32_t sc_crew_threads(const sc_crew *crew);

/* CPU seconds the workers have used since they started. [control] */
double sc_crew_worker_seconds(const sc_crew *crew);

/* Seconds the threads (the caller's included) have spent polling for one another. [offline] */
double sc_crew_wait_seconds(const sc_crew *crew);

#endif
