/* voice_alloc.c - the voice-stealing policy. When as many voices sound as the polyphony
 * parameter allows (config max_voices unless lowered), the new note takes the place of a released
 * voice if there is one (the oldest), else of a voice held only by the pedal, else of the oldest
 * voice. The stolen voice fades out in a spare slot, so the new note starts at once and nothing
 * clicks. Lowering the polyphony fades out, in the same order, the voices beyond it. */
#include "state/busy_slots.h"
#include "voice/voice_alloc.h"
#include "state/engine_state.h"

void sc_voice_end(sc_voice *voice) {
  if (voice->state != SC_VOICE_FREE)
    atomic_fetch_and_explicit(voice->busy_word, ~voice->busy_bit, memory_order_relaxed);
  voice->state = SC_VOICE_FREE;
  if (voice->stream) sc_stream_release(voice->stream);
}

void sc_voice_free(sc_engine *engine, sc_voice *voice) {
  if (voice->state == SC_VOICE_PLAYING) engine->playing--;
  sc_voice_end(voice);
}

void sc_voice_begin_fade(sc_voice *voice, float step) {
  if (voice->state == SC_VOICE_FREE) return;
  voice->state = SC_VOICE_FADING;
  if (step > voice->level.fade_step) {
    /* a faster fade taking over is a plain one (a steal or a swap) */
    voice->level.fade_step = step;
    voice->level.fade_shaped = false;
  }
}

void sc_voice_fade_out(sc_engine *engine, sc_voice *voice, float step) {
  if (voice->state == SC_VOICE_PLAYING) engine->playing--;
  sc_voice_begin_fade(voice, step);
}

static int steal_priority(const sc_voice *v) { return v->released ? 2 : v->sustained ? 1 : 0; }

/* Voices that may sound at once: the engine's polyphony parameter, at most config max_voices. */
static uint32_t voice_limit(const sc_engine *engine) {
  return (uint32_t)engine->parameters.value[SC_PARAM_POLYPHONY];
}

static void steal(sc_engine *engine, sc_voice *victim) {
  sc_voice_fade_out(engine, victim, engine->steal_fade_step);
  atomic_fetch_add_explicit(&engine->stat_stolen, 1, memory_order_relaxed);
}

/* Sounding voices of a steal priority started at or before note counter `age`. */
static uint32_t count_up_to(const sc_engine *engine, int priority, uint64_t age) {
  uint32_t count = 0;
  SC_FOR_EACH_BUSY_SLOT(engine, i) {
    const sc_voice *v = &engine->voices[i];
    count += v->state == SC_VOICE_PLAYING && steal_priority(v) == priority && v->age <= age;
  }
  return count;
}

void sc_voice_enforce_polyphony(sc_engine *engine) {
  uint32_t limit = voice_limit(engine);
  if (engine->playing <= limit) return;
  uint32_t excess = engine->playing - limit;
  /* the voices sc_voice_allocate would steal first, one after another: the oldest of the
   * highest priority. Ages are distinct, so the `excess` oldest of a priority are those up to
   * an age found by bisection: a few passes over the voices, not one per voice stolen */
  for (int priority = 2; priority >= 0 && excess > 0; priority--) {
    uint64_t lo = 0, hi = engine->note_counter;
    uint32_t all = count_up_to(engine, priority, hi);
    if (all == 0) continue;
    if (all > excess) {
      while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (count_up_to(engine, priority, mid) >= excess)
          hi = mid;
        else
          lo = mid + 1;
      }
    }
    SC_FOR_EACH_BUSY_SLOT(engine, i) {
      if (excess == 0) break;
      sc_voice *v = &engine->voices[i];
      if (v->state != SC_VOICE_PLAYING || steal_priority(v) != priority || v->age > hi) continue;
      steal(engine, v);
      excess--;
    }
  }
}

sc_voice *sc_voice_allocate(sc_engine *engine) {
  sc_voice *voices = engine->voices;
  if (engine->playing >= voice_limit(engine)) {
    sc_voice *victim = NULL;
    SC_FOR_EACH_BUSY_SLOT(engine, i) {
      sc_voice *v = &voices[i];
      if (v->state != SC_VOICE_PLAYING) continue;
      if (!victim || steal_priority(v) > steal_priority(victim) ||
          (steal_priority(v) == steal_priority(victim) && v->age < victim->age))
        victim = v;
    }
    if (victim) steal(engine, victim);
  }
  uint32_t free_slot = sc_busy_first_free(engine);
  if (free_slot < engine->voice_slots) return &voices[free_slot];
  sc_voice *quietest = NULL;
  SC_FOR_EACH_BUSY_SLOT(engine, i) {
    sc_voice *v = &voices[i];
    if (v->state == SC_VOICE_FADING &&
        (!quietest || v->level.fade * v->level.gain < quietest->level.fade * quietest->level.gain))
      quietest = v;
  }
  /* Every spare slot is fading too: cut the one closest to silence rather than drop the note. */
  sc_voice_free(engine, quietest);
  return quietest;
}
