/* render_team.c - offline rendering on several threads. For each span the engine hands over, the
 * threads claim the sounding voices one at a time, each rendering its voice into a buffer of the
 * voice's own; once all are rendered, they claim pieces of the span's frames and add every
 * buffer, in slot order, into their piece of the output. A single thread adds the same values in
 * the same order straight into the output, so both give the same bits (an addition of the +0 a
 * voice left unwritten changes no sum, since the output, cleared to +0, never holds -0).
 *
 * Nobody waits for a thread that is not working: work is claimed, not assigned, so a worker the
 * system has not scheduled yet simply finds nothing left, and the calling thread waits only for
 * voices and pieces another thread has claimed. A claim is a compare-and-swap on a counter that
 * holds the span's generation with the next index, so a late worker never claims work of a span
 * that is over. Workers poll for the next span a few microseconds, then sleep. */
/* pthread_getcpuclockid, clock_gettime and sched_yield, which strict C11 headers hide */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "render_team.h"
#include "denormals.h"
#include "engine.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
static inline void relax(void) { _mm_pause(); }
#elif defined(__aarch64__)
static inline void relax(void) { __asm__ __volatile__("yield"); }
#else
static inline void relax(void) {}
#endif

/* A claim counter's index once its span is over: above any count. */
#define SC_CLAIMS_CLOSED UINT32_MAX

/* One thread's own state, a cache line apart from the next thread's. */
typedef struct sc_team_member {
  sc_render_lane lane;
  struct sc_render_team *team;
  _Atomic uint64_t rendered; /* voice spans this thread has rendered */
} __attribute__((aligned(64))) sc_team_member;

struct sc_render_team {
  sc_engine *engine;
  uint32_t threads;
  sc_team_member *members; /* [0] is the caller of sc_engine_render_team */
  pthread_t *workers;
  uint32_t started;
  float *buffers;  /* per voice of a span: SC_SPAN_FRAMES left, then SC_SPAN_FRAMES right */
  uint32_t *order; /* the slots of the span's voices, ascending */

  /* the span on offer, written by the caller while every claim is closed */
  _Atomic uint32_t count, frames, pieces;
  _Atomic(float *) left;
  _Atomic(float *) right;
  _Atomic uint32_t generation; /* changes to offer a span (or to stop the workers) */
  _Atomic bool quit;
  _Atomic uint64_t next_voice, next_piece; /* generation << 32 | the next index to claim */
  _Atomic uint32_t voices_done, pieces_done;
  _Atomic uint32_t ended; /* voices this span took out of SC_VOICE_PLAYING */

  pthread_mutex_t lock;
  pthread_cond_t wake;
  _Atomic uint32_t sleepers;
};

static uint64_t claims(uint32_t generation, uint32_t index) {
  return (uint64_t)generation << 32 | index;
}

/* Claims the next index below `limit` of span `generation`; false when none is left or the span
 * is over. */
static bool claim(_Atomic uint64_t *counter, uint32_t generation, uint32_t limit, uint32_t *index) {
  uint64_t seen = atomic_load_explicit(counter, memory_order_acquire);
  for (;;) {
    if ((uint32_t)(seen >> 32) != generation || (uint32_t)seen >= limit) return false;
    if (atomic_compare_exchange_weak_explicit(counter, &seen, seen + 1, memory_order_acq_rel,
                                              memory_order_acquire)) {
      *index = (uint32_t)seen;
      return true;
    }
  }
}

static float *voice_buffer(const sc_render_team *t, uint32_t j) {
  return t->buffers + (size_t)j * 2 * SC_SPAN_FRAMES;
}

static void render_voices(sc_render_team *t, sc_team_member *m, uint32_t generation) {
  sc_engine *e = t->engine;
  uint32_t j;
  while (claim(&t->next_voice, generation, atomic_load_explicit(&t->count, memory_order_relaxed),
               &j)) {
    uint32_t frames = atomic_load_explicit(&t->frames, memory_order_relaxed);
    sc_voice *v = &e->voices[t->order[j]];
    float *left = voice_buffer(t, j), *right = left + SC_SPAN_FRAMES;
    memset(left, 0, frames * sizeof(float));
    memset(right, 0, frames * sizeof(float));
    bool playing = v->state == SC_VOICE_PLAYING;
    sc_voice_render(e, &m->lane, v, left, right, frames);
    if (playing && v->state != SC_VOICE_PLAYING)
      atomic_fetch_add_explicit(&t->ended, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&m->rendered, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&t->voices_done, 1, memory_order_release);
  }
}

static void mix_pieces(sc_render_team *t, uint32_t generation) {
  uint32_t piece;
  while (claim(&t->next_piece, generation, atomic_load_explicit(&t->pieces, memory_order_relaxed),
               &piece)) {
    uint32_t count = atomic_load_explicit(&t->count, memory_order_relaxed);
    uint32_t frames = atomic_load_explicit(&t->frames, memory_order_relaxed);
    uint32_t from = piece * SC_TEAM_MIX_FRAMES;
    uint32_t to = from + SC_TEAM_MIX_FRAMES < frames ? from + SC_TEAM_MIX_FRAMES : frames;
    float *restrict out_left = atomic_load_explicit(&t->left, memory_order_relaxed);
    float *restrict out_right = atomic_load_explicit(&t->right, memory_order_relaxed);
    for (uint32_t j = 0; j < count; j++) {
      const float *restrict left = voice_buffer(t, j), *restrict right = left + SC_SPAN_FRAMES;
      for (uint32_t f = from; f < to; f++) {
        out_left[f] += left[f];
        out_right[f] += right[f];
      }
    }
    atomic_fetch_add_explicit(&t->pieces_done, 1, memory_order_release);
  }
}

/* Until every voice of the span is rendered (true), or the span is over (false). */
static bool voices_rendered(sc_render_team *t, uint32_t generation) {
  for (uint32_t i = 0;; i++) {
    if (atomic_load_explicit(&t->generation, memory_order_acquire) != generation) return false;
    if (atomic_load_explicit(&t->voices_done, memory_order_acquire) ==
        atomic_load_explicit(&t->count, memory_order_relaxed))
      return true;
    if (i < SC_TEAM_SPIN_ROUNDS)
      relax();
    else
      sched_yield();
  }
}

/* The calling thread's wait for work another thread has claimed. */
static void await(_Atomic uint32_t *done, uint32_t total) {
  for (uint32_t i = 0; atomic_load_explicit(done, memory_order_acquire) < total; i++) {
    if (i < SC_TEAM_SPIN_ROUNDS)
      relax();
    else
      sched_yield();
  }
}

/* A worker's wait for the next span: polling, then asleep. Returns its generation. */
static uint32_t next_span(sc_render_team *t, uint32_t seen) {
  for (uint32_t i = 0; i < SC_TEAM_SPIN_ROUNDS; i++) {
    uint32_t generation = atomic_load_explicit(&t->generation, memory_order_acquire);
    if (generation != seen) return generation;
    relax();
  }
  pthread_mutex_lock(&t->lock);
  /* counted before the last look, so the caller either sees a sleeper or this thread sees the
   * new span (both sequentially consistent) */
  atomic_fetch_add(&t->sleepers, 1);
  while (atomic_load(&t->generation) == seen) pthread_cond_wait(&t->wake, &t->lock);
  atomic_fetch_sub(&t->sleepers, 1);
  pthread_mutex_unlock(&t->lock);
  return atomic_load_explicit(&t->generation, memory_order_acquire);
}

/* Offers the next span (or the news to stop) to the workers. */
static uint32_t offer(sc_render_team *t) {
  uint32_t generation = atomic_load_explicit(&t->generation, memory_order_relaxed) + 1;
  atomic_store_explicit(&t->next_voice, claims(generation, 0), memory_order_relaxed);
  atomic_store_explicit(&t->next_piece, claims(generation, 0), memory_order_relaxed);
  atomic_store(&t->generation, generation);
  if (atomic_load(&t->sleepers) > 0) {
    pthread_mutex_lock(&t->lock);
    pthread_cond_broadcast(&t->wake);
    pthread_mutex_unlock(&t->lock);
  }
  return generation;
}

static void *worker_main(void *argument) {
  sc_team_member *m = argument;
  sc_render_team *t = m->team;
  /* the caller renders with denormals flushed: the same arithmetic on every thread */
  sc_fp_state fp;
  sc_denormals_flush_begin(&fp);
  uint32_t seen = 0;
  for (;;) {
    seen = next_span(t, seen);
    if (atomic_load_explicit(&t->quit, memory_order_acquire)) break;
    render_voices(t, m, seen);
    if (voices_rendered(t, seen)) mix_pieces(t, seen);
  }
  sc_denormals_flush_end(&fp);
  return NULL;
}

bool sc_render_team_span(sc_render_team *t, float *left, float *right, uint32_t frames) {
  sc_engine *e = t->engine;
  if (t->threads < 2) return false;
  uint32_t count = 0;
  for (uint32_t i = 0; i < e->voice_slots; i++)
    if (e->voices[i].state != SC_VOICE_FREE) t->order[count++] = i;
  if (count < 2 || (uint64_t)count * frames < SC_TEAM_MIN_VOICE_FRAMES) return false;
  uint32_t pieces = (frames + SC_TEAM_MIX_FRAMES - 1) / SC_TEAM_MIX_FRAMES;
  atomic_store_explicit(&t->count, count, memory_order_relaxed);
  atomic_store_explicit(&t->frames, frames, memory_order_relaxed);
  atomic_store_explicit(&t->pieces, pieces, memory_order_relaxed);
  atomic_store_explicit(&t->left, left, memory_order_relaxed);
  atomic_store_explicit(&t->right, right, memory_order_relaxed);
  atomic_store_explicit(&t->voices_done, 0, memory_order_relaxed);
  atomic_store_explicit(&t->pieces_done, 0, memory_order_relaxed);
  atomic_store_explicit(&t->ended, 0, memory_order_relaxed);
  uint32_t generation = offer(t);
  render_voices(t, &t->members[0], generation);
  await(&t->voices_done, count);
  mix_pieces(t, generation);
  await(&t->pieces_done, pieces);
  /* the span is over: a late worker's claim fails from here on */
  atomic_store_explicit(&t->next_voice, claims(generation, SC_CLAIMS_CLOSED), memory_order_release);
  atomic_store_explicit(&t->next_piece, claims(generation, SC_CLAIMS_CLOSED), memory_order_release);
  e->playing -= atomic_load_explicit(&t->ended, memory_order_relaxed);
  return true;
}

/* Stops the workers that started and frees everything. */
static void dismiss(sc_render_team *t) {
  if (t->started > 0) {
    atomic_store_explicit(&t->quit, true, memory_order_release);
    offer(t);
    for (uint32_t k = 0; k < t->started; k++) pthread_join(t->workers[k], NULL);
  }
  pthread_cond_destroy(&t->wake);
  pthread_mutex_destroy(&t->lock);
  free(t->workers);
  free(t->members);
  free(t->order);
  free(t->buffers);
  free(t);
}

sc_render_team *sc_render_team_create(sc_engine *engine, uint32_t threads) {
  if (!engine || threads < 1 || threads > SC_TEAM_MAX_THREADS) return NULL;
  sc_render_team *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  t->engine = engine;
  t->threads = threads;
  if (pthread_mutex_init(&t->lock, NULL) != 0) {
    free(t);
    return NULL;
  }
  if (pthread_cond_init(&t->wake, NULL) != 0) {
    pthread_mutex_destroy(&t->lock);
    free(t);
    return NULL;
  }
  atomic_init(&t->next_voice, claims(0, SC_CLAIMS_CLOSED));
  atomic_init(&t->next_piece, claims(0, SC_CLAIMS_CLOSED));
  size_t buffer_bytes = (size_t)engine->voice_slots * 2 * SC_SPAN_FRAMES * sizeof(float);
  t->buffers = aligned_alloc(64, buffer_bytes);
  t->order = calloc(engine->voice_slots, sizeof(uint32_t));
  t->members = aligned_alloc(64, threads * sizeof(sc_team_member));
  t->workers = calloc(threads, sizeof(pthread_t));
  if (!t->buffers || !t->order || !t->members || !t->workers) {
    dismiss(t);
    return NULL;
  }
  memset(t->members, 0, threads * sizeof(sc_team_member));
  for (uint32_t k = 0; k < threads; k++) t->members[k].team = t;
  for (uint32_t k = 1; k < threads; k++) {
    if (pthread_create(&t->workers[k - 1], NULL, worker_main, &t->members[k]) != 0) {
      dismiss(t);
      return NULL;
    }
    t->started++;
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
  double seconds = 0.0;
  for (uint32_t k = 0; team && k < team->started; k++) {
    clockid_t clock;
    struct timespec used;
    if (pthread_getcpuclockid(team->workers[k], &clock) == 0 && clock_gettime(clock, &used) == 0)
      seconds += (double)used.tv_sec + (double)used.tv_nsec * 1e-9;
  }
  return seconds;
}

sc_engine *sc_render_team_engine(const sc_render_team *team) { return team->engine; }
