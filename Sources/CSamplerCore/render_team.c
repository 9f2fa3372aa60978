/* render_team.c - offline rendering on several threads. For each span the engine hands over, the
 * threads take the sounding voices one at a time and each renders its voice into a buffer of the
 * voice's own; once all are rendered, each thread adds every buffer, in slot order, into its own
 * share of the span's frames. A single thread adds the same values in the same order straight
 * into the output, so both give the same bits (an addition of the +0 a voice left unwritten
 * changes no sum, since the output, cleared to +0, never holds -0).
 *
 * The threads meet at a barrier three times per span: to start, once every voice is rendered,
 * and once every frame is mixed. A thread that arrives early spins for a few microseconds,
 * since the others are usually about to arrive, then sleeps on a condition variable. */
/* pthread_getcpuclockid and clock_gettime, which strict C11 headers hide */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

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

/* Frames of one thread's share of a span's mix start on a cache line of the output. */
#define SC_MIX_ALIGN_FRAMES 16

/* One thread's own state, a cache line apart from the next thread's. */
typedef struct sc_team_member {
  sc_render_lane lane;
  struct sc_render_team *team;
  uint32_t index;    /* 0 is the caller of sc_engine_render_team */
  uint32_t ended;    /* voices this thread's renders took out of SC_VOICE_PLAYING in this span */
  uint64_t rendered; /* voice spans this thread has rendered */
} __attribute__((aligned(64))) sc_team_member;

struct sc_render_team {
  sc_engine *engine;
  uint32_t threads;
  sc_team_member *members;
  pthread_t *workers;
  uint32_t started;
  float *buffers;  /* per voice of a span: SC_SPAN_FRAMES left, then SC_SPAN_FRAMES right */
  uint32_t *order; /* the slots of the span's voices, ascending */

  /* the span: written by the caller before the barrier that starts it */
  uint32_t count, frames;
  float *left, *right;
  bool quit;
  _Atomic uint32_t next; /* the next voice (index into order) to render */

  pthread_mutex_t lock;
  pthread_cond_t wake;
  _Atomic uint32_t arrived, phase;
};

/* Counts `arrivals` at the barrier and waits until all threads have arrived. */
static void arrive(sc_render_team *t, uint32_t arrivals) {
  uint32_t phase = atomic_load_explicit(&t->phase, memory_order_acquire);
  if (atomic_fetch_add_explicit(&t->arrived, arrivals, memory_order_acq_rel) + arrivals ==
      t->threads) {
    atomic_store_explicit(&t->arrived, 0, memory_order_relaxed);
    pthread_mutex_lock(&t->lock);
    atomic_store_explicit(&t->phase, phase + 1, memory_order_release);
    pthread_cond_broadcast(&t->wake);
    pthread_mutex_unlock(&t->lock);
    return;
  }
  for (uint32_t i = 0; i < SC_TEAM_SPIN_ROUNDS; i++) {
    if (atomic_load_explicit(&t->phase, memory_order_acquire) != phase) return;
    relax();
  }
  pthread_mutex_lock(&t->lock);
  while (atomic_load_explicit(&t->phase, memory_order_acquire) == phase)
    pthread_cond_wait(&t->wake, &t->lock);
  pthread_mutex_unlock(&t->lock);
}

static void barrier(sc_render_team *t) { arrive(t, 1); }

static float *voice_buffer(const sc_render_team *t, uint32_t j) {
  return t->buffers + (size_t)j * 2 * SC_SPAN_FRAMES;
}

static void render_share(sc_render_team *t, sc_team_member *m) {
  sc_engine *e = t->engine;
  uint32_t frames = t->frames;
  for (;;) {
    uint32_t j = atomic_fetch_add_explicit(&t->next, 1, memory_order_relaxed);
    if (j >= t->count) return;
    sc_voice *v = &e->voices[t->order[j]];
    float *left = voice_buffer(t, j), *right = left + SC_SPAN_FRAMES;
    memset(left, 0, frames * sizeof(float));
    memset(right, 0, frames * sizeof(float));
    bool playing = v->state == SC_VOICE_PLAYING;
    sc_voice_render(e, &m->lane, v, left, right, frames);
    m->ended += playing && v->state != SC_VOICE_PLAYING;
    m->rendered++;
  }
}

/* The first frame of thread `index`'s share of the mix. */
static uint32_t mix_start(const sc_render_team *t, uint32_t index) {
  if (index >= t->threads) return t->frames;
  uint32_t start = (uint32_t)((uint64_t)t->frames * index / t->threads);
  return start - start % SC_MIX_ALIGN_FRAMES;
}

static void mix_share(sc_render_team *t, uint32_t index) {
  uint32_t from = mix_start(t, index), to = mix_start(t, index + 1);
  float *restrict out_left = t->left, *restrict out_right = t->right;
  for (uint32_t j = 0; j < t->count; j++) {
    const float *restrict left = voice_buffer(t, j), *restrict right = left + SC_SPAN_FRAMES;
    for (uint32_t f = from; f < to; f++) {
      out_left[f] += left[f];
      out_right[f] += right[f];
    }
  }
}

static void *worker_main(void *argument) {
  sc_team_member *m = argument;
  sc_render_team *t = m->team;
  /* the caller renders with denormals flushed: the same arithmetic on every thread */
  sc_fp_state fp;
  sc_denormals_flush_begin(&fp);
  for (;;) {
    barrier(t);
    if (t->quit) break;
    render_share(t, m);
    barrier(t);
    mix_share(t, m->index);
    barrier(t);
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
  t->count = count;
  t->frames = frames;
  t->left = left;
  t->right = right;
  atomic_store_explicit(&t->next, 0, memory_order_relaxed);
  barrier(t);
  render_share(t, &t->members[0]);
  barrier(t);
  mix_share(t, 0);
  barrier(t);
  for (uint32_t k = 0; k < t->threads; k++) {
    e->playing -= t->members[k].ended;
    t->members[k].ended = 0;
  }
  return true;
}

/* Stops the workers that started and frees everything. */
static void dismiss(sc_render_team *t) {
  if (t->started > 0) {
    /* the workers wait at the barrier that starts a span; this one tells them to leave. The
     * caller also arrives for any that never started. */
    t->quit = true;
    arrive(t, t->threads - t->started);
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
  for (uint32_t k = 0; k < threads; k++) {
    t->members[k].team = t;
    t->members[k].index = k;
  }
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
  /* the workers have finished the spans the caller has seen end, and write nothing since */
  for (uint32_t k = 1; team && k < team->threads; k++) voices += team->members[k].rendered;
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
