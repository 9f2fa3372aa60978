/* triggers.c - what an event starts. Each kind of trigger builds one selection record (the
 * channel's state as the event sees it, with one random draw shared by all its regions) and
 * offers it to the regions that may answer: a key's regions from the per-key table, or the
 * controller-triggered ones. A region that answers and meets its conditions makes room within
 * its polyphony limits, takes a voice and chokes what its group stops.
 *
 * Release regions (trigger=release) follow their own sustain pedal as notes do (sustain_cc,
 * sustain_lo, sustain_sw): while it is down at note-off they wait, and play when that pedal
 * comes up or the key is struck again. release_key regions play at note-off whatever the pedal.
 *
 * Controller triggers (on_loccN/on_hiccN) fire when the value enters their range, so a pedal
 * re-sent at the same value does not fire again. They play at the region's key centre (the
 * sample's recorded pitch) with full velocity: the controller value is no loudness. */
#include <math.h>

#include "state/busy_slots.h"
#include "performance/choke.h"
#include "state/engine_state.h"
#include "performance/notes.h"
#include "dsp/random.h"
#include "instrument/region.h"
#include "performance/round_robin.h"
#include "voice/voice_alloc.h"

/* The selection an event on `channel` offers, with the event's one random draw. `key` is the
 * event's key, or SC_NO_KEY for a controller, for which every held key counts as another. */
static sc_selection selection_for(sc_engine *engine, sc_select_kind kind, uint8_t channel,
                                  int16_t key, uint8_t velocity) {
  const sc_channel *c = &engine->channels[channel];
  const sc_instrument *instrument = engine->current;
  bool others = false;
  for (uint32_t i = 0; i < c->held_count && !others; i++)
    others = c->held[i] != key && !(instrument && instrument->keyswitch[c->held[i]]);
  return (sc_selection){.kind = kind,
                        .channel = c,
                        .channel_index = channel,
                        .key = key == SC_NO_KEY ? 0 : (uint8_t)key,
                        .velocity = velocity,
                        .previous_velocity = c->previous_velocity,
                        .previous_key = c->previous_key,
                        .other_keys_held = others,
                        .random = sc_random_unit(&engine->rng_state),
                        .first_age = engine->note_counter + 1,
                        .timer = sc_channel_timer(engine, c),
                        .tempo = engine->parameters.value[SC_PARAM_TEMPO],
                        .engine = engine};
}

/* Starts the regions of `candidates` that `selection` selects; returns how many. Release regions
 * lose rt_decay dB for every second the key was held. */
static uint32_t start_regions(sc_engine *engine, const uint32_t *candidates, uint32_t count,
                              const sc_selection *selection, double held_seconds) {
  const sc_instrument *instrument = engine->current;
  uint64_t first_age = selection->first_age;
  uint32_t started = 0;
  for (uint32_t i = 0; i < count; i++) {
    uint32_t index = candidates[i];
    const sc_region *r = &instrument->regions[index];
    if (!sc_region_answers(r, selection)) continue;
    /* the step is taken before the other conditions, so the counters of one round robin stay
     * together (round_robin.c) */
    bool step = sc_round_robin_step(engine, index);
    if (!step || !sc_region_matches(r, selection)) continue;
    float gain_db = sc_region_is_release(r) ? (float)(-r->rt_decay * held_seconds) : 0.0f;
    uint8_t velocity = sc_region_velocity(r, selection);
    uint8_t channel = selection->channel_index;
    sc_polyphony_make_room(engine, r, channel, selection->key, velocity, first_age);
    sc_voice *v = sc_voice_allocate(engine);
    sc_voice_start(engine, v, instrument, index, channel, selection->key, velocity, gain_db);
    sc_choke_others(engine, r, channel, first_age);
    started++;
  }
  atomic_fetch_add_explicit(&engine->stat_started, started, memory_order_relaxed);
  return started;
}

/* Starts the regions of the selection's key that answer; returns how many. A key the tuning
 * leaves unmapped (a Scala keyboard mapping's 'x') sounds nothing, release samples included. */
static uint32_t start_key(sc_engine *engine, const sc_selection *selection, double held_seconds) {
  const sc_instrument *instrument = engine->current;
  if (!instrument || engine->key_unmapped[selection->key]) return 0;
  uint32_t first = instrument->key_first[selection->key];
  uint32_t count = instrument->key_first[selection->key + 1] - first;
  return start_regions(engine, &instrument->key_regions[first], count, selection, held_seconds);
}

uint32_t sc_trigger_key_down(sc_engine *engine, uint8_t channel, uint8_t key, uint8_t velocity) {
  sc_selection selection = selection_for(engine, SC_SELECT_NOTE_ON, channel, key, velocity);
  return start_key(engine, &selection, 0.0);
}

/* Whether a voice that is not a release sample still plays `key` on `channel`: what a release
 * region with rt_dead=off needs to sound. */
static bool attack_sounding(const sc_engine *engine, uint8_t channel, uint8_t key) {
  SC_FOR_EACH_BUSY_SLOT(engine, i) {
    const sc_voice *v = &engine->voices[i];
    if (v->state == SC_VOICE_PLAYING && v->channel == channel && v->key == key &&
        !sc_region_is_release(v->region))
      return true;
  }
  return false;
}

/* Plays the release regions of a key that has gone up that `kind` selects. */
static void start_release(sc_engine *engine, uint8_t channel, uint8_t key, sc_select_kind kind,
                          uint8_t cc, uint8_t previous, uint8_t value) {
  sc_channel *c = &engine->channels[channel];
  double held = (double)(engine->now - c->key_on_frame[key]) / engine->config.sample_rate;
  sc_selection selection = selection_for(engine, kind, channel, key, c->key_velocity[key]);
  selection.cc = cc;
  selection.cc_previous = previous;
  selection.cc_value = value;
  selection.attack_sounding = attack_sounding(engine, channel, key);
  start_key(engine, &selection, held);
}

/* Whether release regions of `key` still wait for their pedal. */
static bool release_waits(const sc_engine *engine, uint8_t channel, uint8_t key) {
  const sc_instrument *instrument = engine->current;
  if (!instrument) return false;
  const sc_channel *c = &engine->channels[channel];
  for (uint32_t i = instrument->key_first[key]; i < instrument->key_first[key + 1]; i++) {
    const sc_region *r = &instrument->regions[instrument->key_regions[i]];
    if (r->trigger == SC_TRIGGER_RELEASE && sc_region_sustain_down(r, c)) return true;
  }
  return false;
}

void sc_trigger_key_up(sc_engine *engine, uint8_t channel, uint8_t key) {
  start_release(engine, channel, key, SC_SELECT_NOTE_OFF, 0, 0, 0);
  engine->channels[channel].release_pending[key] = release_waits(engine, channel, key);
}

void sc_trigger_restruck(sc_engine *engine, uint8_t channel, uint8_t key) {
  sc_channel *c = &engine->channels[channel];
  if (!c->release_pending[key]) return;
  c->release_pending[key] = false;
  start_release(engine, channel, key, SC_SELECT_RESTRUCK, 0, 0, 0);
}

void sc_trigger_pedal_up(sc_engine *engine, uint8_t channel, uint8_t controller, uint8_t previous,
                         uint8_t value) {
  sc_channel *c = &engine->channels[channel];
  for (int k = 0; k < 128; k++) {
    if (!c->release_pending[k]) continue;
    start_release(engine, channel, (uint8_t)k, SC_SELECT_PEDAL_UP, controller, previous, value);
    c->release_pending[k] = release_waits(engine, channel, (uint8_t)k);
  }
}

void sc_trigger_controller(sc_engine *engine, uint8_t channel, uint8_t controller, uint8_t previous,
                           uint8_t value) {
  const sc_instrument *instrument = engine->current;
  if (!instrument || instrument->cc_region_count == 0) return;
  sc_selection selection = selection_for(engine, SC_SELECT_CC, channel, SC_NO_KEY, 127);
  selection.cc = controller;
  selection.cc_value = value;
  selection.cc_previous = previous;
  for (uint32_t i = 0; i < instrument->cc_region_count; i++) {
    const sc_region *r = &instrument->regions[instrument->cc_regions[i]];
    if (r->on_cc.cc != controller) continue;
    long key = lroundf(r->pitch_keycenter);
    selection.key = (uint8_t)(key < 0 ? 0 : key > 127 ? 127 : key);
    start_regions(engine, &instrument->cc_regions[i], 1, &selection, 0.0);
  }
}
