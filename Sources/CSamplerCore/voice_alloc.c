/* voice_alloc.c - the voice-stealing policy. When every voice sounds, the new note takes the
 * place of a released voice if there is one (the oldest), else of a voice held only by the
 * pedal, else of the oldest voice. The stolen voice fades out in a spare slot, so the new note
 * starts at once and nothing clicks. */
#include "voice_alloc.h"
#include "engine.h"

void sc_voice_free(sc_engine *engine, sc_voice *voice) {
  if (voice->state == SC_VOICE_PLAYING) engine->playing--;
  voice->state = SC_VOICE_FREE;
  if (voice->stream) sc_stream_release(voice->stream);
}

void sc_voice_fade_out(sc_engine *engine, sc_voice *voice, float step) {
  if (voice->state == SC_VOICE_FREE) return;
  if (voice->state == SC_VOICE_PLAYING) engine->playing--;
  voice->state = SC_VOICE_FADING;
  if (step > voice->level.fade_step) voice->level.fade_step = step;
}

static int steal_priority(const sc_voice *v) { return v->released ? 2 : v->sustained ? 1 : 0; }

sc_voice *sc_voice_allocate(sc_engine *engine) {
  sc_voice *voices = engine->voices;
  if (engine->playing >= engine->config.max_voices) {
    sc_voice *victim = NULL;
    for (uint32_t i = 0; i < engine->voice_slots; i++) {
      sc_voice *v = &voices[i];
      if (v->state != SC_VOICE_PLAYING) continue;
      if (!victim || steal_priority(v) > steal_priority(victim) ||
          (steal_priority(v) == steal_priority(victim) && v->age < victim->age))
        victim = v;
    }
    if (victim) {
      sc_voice_fade_out(engine, victim, engine->steal_fade_step);
      atomic_fetch_add_explicit(&engine->stat_stolen, 1, memory_order_relaxed);
    }
  }
  sc_voice *quietest = NULL;
  for (uint32_t i = 0; i < engine->voice_slots; i++) {
    sc_voice *v = &voices[i];
    if (v->state == SC_VOICE_FREE) return v;
    if (v->state == SC_VOICE_FADING &&
        (!quietest || v->level.fade * v->level.gain < quietest->level.fade * quietest->level.gain))
      quietest = v;
  }
  /* Every spare slot is fading too: cut the one closest to silence rather than drop the note. */
  sc_voice_free(engine, quietest);
  return quietest;
}
