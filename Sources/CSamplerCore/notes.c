/* notes.c - what note and controller events do: start regions, release or hold voices, the
 * sustain pedal and the release triggers it delays, mono and legato playing with glide. */
#include "internal.h"

static bool is_mono(const sc_engine *engine) { return engine->params[SC_PARAM_MONOPHONIC] > 0.5f; }

static bool is_keyswitch(const sc_engine *engine, uint8_t key) {
  return engine->current && engine->current->keyswitch[key];
}

static void push_held(sc_channel *c, uint8_t key) {
  for (uint32_t i = 0; i < c->held_count; i++)
    if (c->held[i] == key) return;
  if (c->held_count < 128) c->held[c->held_count++] = key;
}

static void remove_held(sc_channel *c, uint8_t key) {
  uint32_t out = 0;
  for (uint32_t i = 0; i < c->held_count; i++)
    if (c->held[i] != key) c->held[out++] = c->held[i];
  c->held_count = out;
}

uint32_t sc_start_regions(sc_engine *engine, const uint32_t *candidates, uint32_t count,
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
    bool step = sc_round_robin_step(instrument, index);
    if (!step || !sc_region_matches(r, selection)) continue;
    bool release = r->trigger == SC_TRIGGER_RELEASE || r->trigger == SC_TRIGGER_RELEASE_KEY;
    float gain_db = release ? (float)(-r->rt_decay * held_seconds) : 0.0f;
    uint8_t velocity = sc_region_velocity(r, selection);
    sc_polyphony_make_room(engine, r, selection->channel_index, selection->key, velocity,
                           first_age);
    sc_voice *v = sc_voice_allocate(engine);
    sc_voice_start(engine, v, instrument, index, selection->channel_index, selection->key, velocity,
                   gain_db);
    sc_choke_others(engine, r, selection->channel_index, first_age);
    started++;
  }
  atomic_fetch_add_explicit(&engine->stat_started, started, memory_order_relaxed);
  return started;
}

/* The selection for a key event on a channel, with one random draw for all its regions. */
static sc_selection key_selection(sc_engine *engine, sc_select_kind kind, uint8_t channel,
                                  uint8_t key, uint8_t velocity) {
  const sc_channel *c = &engine->channels[channel];
  bool others = false;
  const sc_instrument *instrument = engine->current;
  for (uint32_t i = 0; i < c->held_count && !others; i++)
    others = c->held[i] != key && !(instrument && instrument->keyswitch[c->held[i]]);
  return (sc_selection){.kind = kind,
                        .channel = c,
                        .channel_index = channel,
                        .key = key,
                        .velocity = velocity,
                        .previous_velocity = c->previous_velocity,
                        .previous_key = c->previous_key,
                        .other_keys_held = others,
                        .random = sc_random_unit(&engine->rng_state),
                        .first_age = engine->note_counter + 1,
                        .timer = sc_channel_timer(engine, c),
                        .tempo = engine->params[SC_PARAM_TEMPO]};
}

/* Starts the regions of `key` that answer; returns how many. */
static uint32_t start_key(sc_engine *engine, const sc_selection *selection, double held_seconds) {
  const sc_instrument *instrument = engine->current;
  if (!instrument) return 0;
  uint8_t key = selection->key;
  uint32_t first = instrument->key_first[key];
  return sc_start_regions(engine, &instrument->key_regions[first],
                          instrument->key_first[key + 1] - first, selection, held_seconds);
}

/* Plays the release regions of a key that has gone up; `with_release` when trigger=release
 * regions may sound now (the pedal is up), else only release_key ones do. */
static void start_release(sc_engine *engine, uint8_t channel, uint8_t key, sc_select_kind kind,
                          bool with_release) {
  sc_channel *c = &engine->channels[channel];
  double held = (double)(engine->now - c->key_on_frame[key]) / engine->config.sample_rate;
  sc_selection selection = key_selection(engine, kind, channel, key, c->key_velocity[key]);
  selection.with_release = with_release;
  start_key(engine, &selection, held);
}

/* Moves the held voices of a channel to `key`, gliding when a glide rate is set. */
static void retune_held(sc_engine *engine, uint8_t channel, uint8_t key) {
  bool glide = engine->params[SC_PARAM_GLIDE_RATE] > 0.0f;
  for (uint32_t i = 0; i < engine->voice_slots; i++) {
    sc_voice *v = &engine->voices[i];
    if (v->state != SC_VOICE_PLAYING || v->channel != channel || v->released) continue;
    double from = sc_voice_key_cents(engine, v, v->key), to = sc_voice_key_cents(engine, v, key);
    v->base_cents += to - from;
    if (glide) v->glide_cents += from - to;
    v->key = key;
  }
}

/* Mono mode: one note per channel. Returns after starting (or gliding to) the note. */
static void mono_note_on(sc_engine *engine, sc_channel *c, uint8_t channel, uint8_t key,
                         uint8_t velocity) {
  bool legato = engine->params[SC_PARAM_LEGATO] > 0.5f;
  int previous = c->held_count ? c->held[c->held_count - 1] : -1;
  sc_selection selection = key_selection(engine, SC_SELECT_NOTE_ON, channel, key, velocity);
  push_held(c, key);
  if (legato && previous >= 0) {
    retune_held(engine, channel, key);
    return;
  }
  for (uint32_t i = 0; i < engine->voice_slots; i++) {
    sc_voice *v = &engine->voices[i];
    if (v->state == SC_VOICE_PLAYING && v->channel == channel)
      sc_voice_fade_out(engine, v, engine->steal_fade_step);
  }
  uint64_t first_new = engine->note_counter;
  if (start_key(engine, &selection, 0.0) == 0 && !is_keyswitch(engine, key))
    atomic_fetch_add_explicit(&engine->stat_unplayed, 1, memory_order_relaxed);
  if (previous < 0 || !(engine->params[SC_PARAM_GLIDE_RATE] > 0.0f)) return;
  for (uint32_t i = 0; i < engine->voice_slots; i++) {
    sc_voice *v = &engine->voices[i];
    if (v->state == SC_VOICE_PLAYING && v->age > first_new)
      v->glide_cents = sc_voice_key_cents(engine, v, previous) - sc_voice_key_cents(engine, v, key);
  }
}

void sc_note_on(sc_engine *engine, uint8_t channel, uint8_t key, uint8_t velocity) {
  if (velocity == 0) {
    sc_note_off(engine, channel, key);
    return;
  }
  sc_channel *c = &engine->channels[channel];
  /* A key struck again while the pedal still holds its last note: let the old note ring off
   * through its release instead of piling voices up. */
  for (uint32_t i = 0; i < engine->voice_slots; i++) {
    sc_voice *v = &engine->voices[i];
    if (v->state == SC_VOICE_PLAYING && v->channel == channel && v->key == key && v->sustained)
      sc_voice_release(engine, v);
  }
  /* the pedal-held note just released plays its release samples before the key restarts */
  if (c->release_pending[key]) {
    c->release_pending[key] = false;
    start_release(engine, channel, key, SC_SELECT_PEDAL_UP, true);
  }
  c->key_down[key] = true;
  c->key_velocity[key] = velocity;
  c->key_on_frame[key] = engine->now;
  if (is_keyswitch(engine, key)) c->last_keyswitch = key;
  if (is_mono(engine)) {
    mono_note_on(engine, c, channel, key, velocity);
  } else {
    sc_selection selection = key_selection(engine, SC_SELECT_NOTE_ON, channel, key, velocity);
    push_held(c, key);
    if (start_key(engine, &selection, 0.0) == 0 && !is_keyswitch(engine, key))
      atomic_fetch_add_explicit(&engine->stat_unplayed, 1, memory_order_relaxed);
  }
  c->previous_key = key;
  c->previous_velocity = velocity;
  c->last_note_frame = engine->now;
  c->any_note = true;
}

void sc_note_off(sc_engine *engine, uint8_t channel, uint8_t key) {
  sc_channel *c = &engine->channels[channel];
  bool was_down = c->key_down[key];
  c->key_down[key] = false;
  remove_held(c, key);
  if (is_mono(engine) && c->held_count > 0 && engine->params[SC_PARAM_LEGATO] > 0.5f) {
    /* legato: fall back to the last key still held */
    bool sounding = false;
    for (uint32_t i = 0; i < engine->voice_slots; i++) {
      const sc_voice *v = &engine->voices[i];
      if (v->state == SC_VOICE_PLAYING && v->channel == channel && v->key == key && !v->released)
        sounding = true;
    }
    if (sounding) {
      retune_held(engine, channel, c->held[c->held_count - 1]);
      return;
    }
  }
  for (uint32_t i = 0; i < engine->voice_slots; i++) {
    sc_voice *v = &engine->voices[i];
    if (v->state != SC_VOICE_PLAYING || v->channel != channel || v->key != key || v->released)
      continue;
    if (sc_pedal_holds(engine, v))
      v->sustained = true;
    else
      sc_voice_release(engine, v);
  }
  if (!was_down) return;
  /* trigger=release waits for the pedal as the note itself does; release_key does not */
  start_release(engine, channel, key, SC_SELECT_NOTE_OFF, !c->sustain);
  if (c->sustain) c->release_pending[key] = true;
}

/* The release regions of keys let go while CC64 was down; the notes themselves follow their
 * regions' own pedals (pedals.c). */
static void start_pending_releases(sc_engine *engine, uint8_t channel) {
  sc_channel *c = &engine->channels[channel];
  for (int k = 0; k < 128; k++) {
    if (!c->release_pending[k]) continue;
    c->release_pending[k] = false;
    start_release(engine, channel, (uint8_t)k, SC_SELECT_PEDAL_UP, true);
  }
}

void sc_control_change(sc_engine *engine, uint8_t channel, uint8_t controller, uint8_t value) {
  sc_channel *c = &engine->channels[channel];
  uint8_t previous = c->cc[controller];
  sc_channel_set_cc(c, controller, value / 127.0f);
  sc_cc_trigger(engine, channel, controller, previous, value);
  if (engine->current && engine->current->pedal_cc[controller])
    sc_pedals_changed(engine, channel, controller, previous, value);
  switch (controller) {
    case SC_SUSTAIN_PEDAL_CC: {
      bool down = value >= SC_DEFAULT_PEDAL_LO;
      if (c->sustain && !down) start_pending_releases(engine, channel);
      c->sustain = down;
      break;
    }
    case 120: /* all sound off: silence now, without a click */
      for (uint32_t i = 0; i < engine->voice_slots; i++) {
        sc_voice *v = &engine->voices[i];
        if (v->state != SC_VOICE_FREE && v->channel == channel)
          sc_voice_fade_out(engine, v, engine->steal_fade_step);
      }
      break;
    case 121: /* reset all controllers */
      c->bend = 0;
      c->channel_pressure = 0;
      sc_channel_set_cc(c, 1, 0.0f);
      sc_channel_set_cc(c, 11, 1.0f);
      if (c->sustain) start_pending_releases(engine, channel);
      c->sustain = false;
      for (uint8_t pedal = 64; pedal <= 67; pedal++) {
        uint8_t was = c->cc[pedal];
        sc_channel_set_cc(c, pedal, 0.0f);
        if (engine->current && engine->current->pedal_cc[pedal])
          sc_pedals_changed(engine, channel, pedal, was, 0);
      }
      break;
    case 123: /* all notes off: every key up, pedal or not */
      for (uint32_t i = 0; i < engine->voice_slots; i++) {
        sc_voice *v = &engine->voices[i];
        if (v->state == SC_VOICE_PLAYING && v->channel == channel) sc_voice_release(engine, v);
      }
      for (int k = 0; k < 128; k++) {
        c->key_down[k] = false;
        c->release_pending[k] = false;
      }
      c->held_count = 0;
      break;
    default: break;
  }
}
