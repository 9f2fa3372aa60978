/* choke.c - voices that stop other voices: exclusive groups (group/off_by/off_mode, the open and
 * closed hi-hat) and polyphony limits per group (polyphony) and per key (note_polyphony).
 *
 * Both act within one MIDI channel, so a multitimbral instrument (one program per channel) never
 * chokes one part with another. Within one event, regions start in file order and each may stop
 * the voices started before it whose off_by names its group (legato patches: the legato region
 * stops the sustain region the same note-on started, as ARIA does). Layers of a group that chokes
 * itself all sound, and polyphony limits never stop voices of the event that is counting. */
#include "state/busy_slots.h"
#include "performance/choke.h"
#include "state/engine_state.h"
#include "voice/voice_alloc.h"

static void stop_voice(sc_engine *engine, sc_voice *v, sc_off_mode mode, float off_time) {
  switch (mode) {
    case SC_OFF_NORMAL: sc_voice_release_forced(engine, v); break;
    case SC_OFF_TIME: {
      double frames = off_time * engine->config.sample_rate;
      float step = frames > 1.0 ? (float)(1.0 / frames) : 1.0f;
      sc_voice_fade_out(engine, v, step);
      /* along the region's off_curve, unless a faster fade already runs */
      if (v->region->off_curve != SC_OFF_CURVE_LINEAR && v->level.fade_step == step)
        v->level.fade_shaped = true;
      break;
    }
    case SC_OFF_FAST:
    default: sc_voice_fade_out(engine, v, engine->steal_fade_step); break;
  }
}

void sc_choke_others(sc_engine *engine, const sc_region *region, uint8_t channel,
                     uint64_t first_age) {
  SC_FOR_EACH_BUSY_SLOT(engine, i) {
    sc_voice *v = &engine->voices[i];
    const sc_region *r = v->region;
    if (v->state != SC_VOICE_PLAYING || v->channel != channel || !r->has_off_by ||
        r->off_by != region->group)
      continue;
    if (v->age < first_age)
      stop_voice(engine, v, r->off_mode, r->off_time);
    else if (r->group != region->group)
      sc_voice_free(engine, v); /* started by this event, so not heard yet: no fade needed */
  }
}

/* Stops the oldest voices of the region's group (and key) until fewer than `limit` sound, each
 * as its region's off_mode says (corpus/spec syntax.yml: off_time is "the fadeout time for
 * regions being muted by voice-stealing"). Voices of the current event count but are never
 * stopped; a voice already in an off_mode=normal release counts but is not stopped again. */
static void enforce(sc_engine *engine, const sc_region *region, uint8_t channel, int key,
                    uint8_t velocity, uint32_t limit, bool mask, uint64_t first_age) {
  for (;;) {
    uint32_t count = 0;
    sc_voice *oldest = NULL;
    SC_FOR_EACH_BUSY_SLOT(engine, i) {
      sc_voice *v = &engine->voices[i];
      if (v->state != SC_VOICE_PLAYING || v->channel != channel ||
          v->region->group != region->group || (key >= 0 && v->key != key))
        continue;
      count++;
      if (v->age >= first_age || (mask && v->velocity > velocity)) continue;
      if (v->released && v->region->off_mode == SC_OFF_NORMAL) continue;
      if (!oldest || v->age < oldest->age) oldest = v;
    }
    if (count < limit || !oldest) return;
    stop_voice(engine, oldest, oldest->region->off_mode, oldest->region->off_time);
    atomic_fetch_add_explicit(&engine->stat_stolen, 1, memory_order_relaxed);
  }
}

void sc_polyphony_make_room(sc_engine *engine, const sc_region *region, uint8_t channel,
                            uint8_t key, uint8_t velocity, uint64_t first_age) {
  if (region->note_polyphony > 0)
    enforce(engine, region, channel, key, velocity, region->note_polyphony, region->note_selfmask,
            first_age);
  if (region->polyphony > 0)
    enforce(engine, region, channel, -1, velocity, region->polyphony, false, first_age);
}
