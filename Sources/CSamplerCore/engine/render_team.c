/* render_team.c - offline rendering on several threads. The voices of a span are summed in mix
 * groups (mix_groups.h); the threads claim whole groups, each summing its group into a buffer of
 * the group's own (the first occupied group straight into the output), and the calling thread then
 * adds the other groups' sums into the output in group order: the order one thread adds them in,
 * so both give the same bits.
 *
 * Each thread claims its own groups first (group g belongs to thread g % threads) and only then
 * takes what others left, from the far end: with a steady load a voice stays on one core from span
 * to span, its state and samples in that core's caches. Nobody waits for a thread that is not
 * working: a worker the system has not scheduled finds its groups taken by the others, and the
 * calling thread waits only for groups another thread has claimed. A group's claim word holds the
 * span's generation, open or taken, so a late worker never claims work of a span that is over.
 * The threads themselves, and how they wait for a span, are the crew's (crew.c). */
#include <stdlib.h>
#include <string.h>

#include "engine/render_team.h"
#include "threads/crew.h"
#include "state/engine_state.h"
#include "voice/mix_groups.h"

/* A group's claim word: the generation of the span it was last offered in, doubled, plus one once
 * taken. On a line of its own, as the threads claim different groups at once. */
typedef struct sc_group_claim {
  _Atomic uint32_t word;
} __attribute__((aligned(64))) sc_group_claim;

static uint32_t open_word(uint32_t generation) { return generation * 2; }
static uint32_t taken_word(uint32_t generation) { return generation * 2 + 1; }

/* One thread's own state, a cache line apart from the next thread's. */
typedef struct sc_team_member {
  sc_render_lane lane;
  _Atomic uint64_t rendered; /* voice spans this thread has rendered */
} __attribute__((aligned(64))) sc_team_member;

struct sc_render_team {
  sc_engine *engine;
  uint32_t threads;
  sc_crew *crew;
  sc_team_member *members; /* 0 is the caller of sc_engine_render_team */
  float *buffers;          /* per mix group: SC_SPAN_FRAMES left, then SC_SPAN_FRAMES right */
  sc_group_claim *claims;  /* per mix group */

  /* the span on offer, written by the caller before it offers the span */
  _Atomic uint32_t occupied, first, frames;
  _Atomic(float *) left;
  _Atomic(float *) right;
  _Atomic uint32_t groups_done;
  _Atomic uint32_t ended; /* voices this span took out of SC_VOICE_PLAYING */
};

static bool claim(sc_render_team *t, uint32_t group, uint32_t generation) {
  uint32_t open = open_word(generation);
  return atomic_compare_exchange_strong_explicit(&t->claims[group].word, &open,
                                                 taken_word(generation), memory_order_acq_rel,
                                                 memory_order_relaxed);
}

/* Where a group other than the span's first is summed: SC_SPAN_FRAMES left, then right. */
static float *group_sum(const sc_render_team *t, uint32_t group) {
  return t->buffers + (size_t)group * 2 * SC_SPAN_FRAMES;
}

static void render_group(sc_render_team *t, sc_team_member *m, uint32_t group) {
  sc_engine *e = t->engine;
  uint32_t frames = atomic_load_explicit(&t->frames, memory_order_relaxed);
  float *left, *right;
  if (group == atomic_load_explicit(&t->first, memory_order_relaxed)) {
    left = atomic_load_explicit(&t->left, memory_order_relaxed);
    right = atomic_load_explicit(&t->right, memory_order_relaxed);
  } else {
    left = group_sum(t, group);
    right = left + SC_SPAN_FRAMES;
    memset(left, 0, frames * sizeof(float));
    memset(right, 0, frames * sizeof(float));
  }
  sc_group_result r = sc_mix_group_render(e, &m->lane, group, left, right, frames);
  if (r.ended) atomic_fetch_add_explicit(&t->ended, r.ended, memory_order_relaxed);
  atomic_fetch_add_explicit(&m->rendered, r.rendered, memory_order_relaxed);
  atomic_fetch_add_explicit(&t->groups_done, 1, memory_order_release);
}

/* Renders the groups of span `generation` this thread can claim: its own, then the others' from
 * the far end. */
static void render_groups(void *team, uint32_t index, uint32_t generation) {
  sc_render_team *t = team;
  sc_team_member *m = &t->members[index];
  uint32_t occupied = atomic_load_explicit(&t->occupied, memory_order_relaxed);
  for (uint32_t g = index; g < SC_MIX_GROUPS; g += t->threads)
    if (occupied & 1u << g && claim(t, g, generation)) render_group(t, m, g);
  for (uint32_t g = SC_MIX_GROUPS; g-- > 0;)
    if (g % t->threads != index && occupied & 1u << g && claim(t, g, generation))
      render_group(t, m, g);
}

/* Opens the occupied groups of the coming span, the others taken, and offers it. */
static uint32_t offer(sc_render_team *t, uint32_t occupied) {
  uint32_t generation = sc_crew_next_generation(t->crew);
  for (uint32_t g = 0; g < SC_MIX_GROUPS; g++)
    atomic_store_explicit(&t->claims[g].word,
                          occupied & 1u << g ? open_word(generation) : taken_word(generation),
                          memory_order_relaxed);
  return sc_crew_offer(t->crew);
}

bool sc_render_team_span(sc_render_team *t, float *left, float *right, uint32_t frames,
                         const sc_render_alongside *alongside) {
  sc_engine *e = t->engine;
  if (t->threads < 2) return false;
  uint32_t voices;
  uint32_t occupied = sc_mix_groups_occupied(e, &voices);
  /* one group is one thread's work */
  if ((occupied & (occupied - 1)) == 0 || (uint64_t)voices * frames < SC_TEAM_MIN_VOICE_FRAMES)
    return false;
  atomic_store_explicit(&t->occupied, occupied, memory_order_relaxed);
  atomic_store_explicit(&t->first, (uint32_t)__builtin_ctz(occupied), memory_order_relaxed);
  atomic_store_explicit(&t->frames, frames, memory_order_relaxed);
  atomic_store_explicit(&t->left, left, memory_order_relaxed);
  atomic_store_explicit(&t->right, right, memory_order_relaxed);
  atomic_store_explicit(&t->groups_done, 0, memory_order_relaxed);
  atomic_store_explicit(&t->ended, 0, memory_order_relaxed);
  uint32_t generation = offer(t, occupied);
  /* the workers start on their own groups; the caller takes what is left when its work is done */
  if (alongside) alongside->run(alongside->context);
  render_groups(t, 0, generation);
  sc_crew_await(t->crew, &t->groups_done, (uint32_t)__builtin_popcount(occupied));
  for (uint32_t g = (uint32_t)__builtin_ctz(occupied) + 1; g < SC_MIX_GROUPS; g++) {
    if (!(occupied & 1u << g)) continue;
    const float *sum = group_sum(t, g);
    sc_mix_add(left, right, sum, sum + SC_SPAN_FRAMES, frames);
  }
  e->playing -= atomic_load_explicit(&t->ended, memory_order_relaxed);
  return true;
}

static void dismiss(sc_render_team *t) {
  sc_crew_destroy(t->crew);
  free(t->members);
  free(t->claims);
  free(t->buffers);
  free(t);
}

sc_render_team *sc_render_team_create(sc_engine *engine, uint32_t threads) {
  if (!engine || threads < 1 || threads > SC_TEAM_MAX_THREADS) return NULL;
  sc_render_team *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  t->engine = engine;
  t->threads = threads;
  t->buffers = aligned_alloc(64, (size_t)SC_MIX_GROUPS * 2 * SC_SPAN_FRAMES * sizeof(float));
  t->claims = aligned_alloc(64, SC_MIX_GROUPS * sizeof(sc_group_claim));
  t->members = aligned_alloc(64, threads * sizeof(sc_team_member));
  if (!t->buffers || !t->claims || !t->members) {
    dismiss(t);
    return NULL;
  }
  memset(t->members, 0, threads * sizeof(sc_team_member));
  /* every group taken in span 0, which is never offered */
  for (uint32_t g = 0; g < SC_MIX_GROUPS; g++) atomic_init(&t->claims[g].word, taken_word(0));
  /* last: the workers may start on a span as soon as they run */
  t->crew = sc_crew_create(threads, render_groups, t);
  if (!t->crew) {
    dismiss(t);
    return NULL;
  }
  return t;
}

void sc_render_team_destroy(sc_render_team *team) {
  if (team) dismiss(team);
}

uint32_t sc_render_team_max_threads(void) { return SC_TEAM_MAX_THREADS; }

uint32_t sc_render_team_threads(const sc_render_team *team) { return team ? team->threads : 0; }

uint64_t sc_render_team_worker_voices(const sc_render_team *team) {
  uint64_t voices = 0;
  for (uint32_t k = 1; team && k < team->threads; k++)
    voices += atomic_load_explicit(&team->members[k].rendered, memory_order_relaxed);
  return voices;
}

double sc_render_team_worker_seconds(const sc_render_team *team) {
  return team ? sc_crew_worker_seconds(team->crew) : 0.0;
}

double sc_render_team_wait_seconds(const sc_render_team *team) {
  return team ? sc_crew_wait_seconds(team->crew) : 0.0;
}

sc_engine *sc_render_team_engine(const sc_render_team *team) { return team->engine; }
