/* notes.c - what note events do to keys and voices: the keys held, voices released or held by
 * their pedal, mono and legato playing with glide, and which note (id and expression) the
 * voices a key starts belong to. What a key starts is triggers.c's part. */
#include <math.h>

#include "state/busy_slots.h"
#include "state/engine_state.h"
#include "performance/notes.h"
#include "performance/pedals.h"
#include "performance/triggers.h"
#include "voice/voice_alloc.h"

/* A note-on no region answered: counted for the engine and for its channel, its key noted, so
 * a song's report can say which keys of which channel found nothing to play. */
static void count_unplayed(sc_engine *engine, uint8_t channel, uint8_t key) {
  atomic_fetch_add_explicit(&engine->stat_unplayed, 1, memory_order_relaxed);
  atomic_fetch_add_explicit(&engine->stat_unplayed_channel[channel], 1, memory_order_relaxed);
  atomic_fetch_or_explicit(&engine->stat_unplayed_keys[channel][key >> 6],
                           UINT64_C(1) << (key & 63), memory_order_relaxed);
}

static bool is_mono(const sc_engine *engine) {
  return engine->parameters.value[SC_PARAM_MONOPHONIC] > 0.5f;
}

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

float sc_channel_timer(const sc_engine *engine, const sc_channel *c) {
  if (!c->any_note) return INFINITY;
  return (float)((double)(engine->now - c->last_note_frame) / engine->config.sample_rate);
}

/* Starts the key's regions as voices of `note` (NULL: of no note with an id); returns how many. */
static uint32_t start_note(sc_engine *engine, uint8_t channel, uint8_t key, uint8_t velocity,
                           const sc_voice_note *note) {
  if (note) engine->note_start = *note;
  uint32_t started = sc_trigger_key_down(engine, channel, key, velocity);
  engine->note_start = sc_note_neutral(false, 0);
  return started;
}

/* Moves the held voices of a channel to `key`, gliding when a glide rate is set. */
static void retune_held(sc_engine *engine, uint8_t channel, uint8_t key) {
  bool glide = engine->parameters.value[SC_PARAM_GLIDE_RATE] > 0.0f;
  SC_FOR_EACH_BUSY_SLOT(engine, i) {
    sc_voice *v = &engine->voices[i];
    if (v->state != SC_VOICE_PLAYING || v->channel != channel || v->released) continue;
    double from = sc_voice_key_cents(engine, v, v->key), to = sc_voice_key_cents(engine, v, key);
    v->pitch.base_cents += to - from;
    if (glide) v->pitch.glide_cents += from - to;
    v->key = key;
  }
}

/* Mono mode: one note per channel. Returns after starting (or gliding to) the note. */
static void mono_note_on(sc_engine *engine, sc_channel *c, uint8_t channel, uint8_t key,
                         uint8_t velocity, const sc_voice_note *note) {
  bool legato = engine->parameters.value[SC_PARAM_LEGATO] > 0.5f;
  int previous = c->held_count ? c->held[c->held_count - 1] : -1;
  push_held(c, key);
  if (legato && previous >= 0) {
    retune_held(engine, channel, key);
    /* the voices now play this note: its id and expression are theirs */
    sc_voice_note plain = sc_note_neutral(false, 0);
    SC_FOR_EACH_BUSY_SLOT(engine, i) {
      sc_voice *v = &engine->voices[i];
      if (v->state == SC_VOICE_PLAYING && v->channel == channel && !v->released)
        sc_note_adopt(v, note ? note : &plain);
    }
    return;
  }
  SC_FOR_EACH_BUSY_SLOT(engine, i) {
    sc_voice *v = &engine->voices[i];
    if (v->state == SC_VOICE_PLAYING && v->channel == channel)
      sc_voice_fade_out(engine, v, engine->steal_fade_step);
  }
  uint64_t first_new = engine->note_counter;
  if (start_note(engine, channel, key, velocity, note) == 0 && !is_keyswitch(engine, key))
    count_unplayed(engine, channel, key);
  if (previous < 0 || !(engine->parameters.value[SC_PARAM_GLIDE_RATE] > 0.0f)) return;
  SC_FOR_EACH_BUSY_SLOT(engine, i) {
    sc_voice *v = &engine->voices[i];
    if (v->state == SC_VOICE_PLAYING && v->age > first_new)
      v->pitch.glide_cents =
          sc_voice_key_cents(engine, v, previous) - sc_voice_key_cents(engine, v, key);
  }
}

void sc_note_on(sc_engine *engine, uint8_t channel, uint8_t key, uint8_t velocity,
                const sc_voice_note *note) {
  if (velocity == 0) {
    sc_note_off(engine, channel, key);
    return;
  }
  sc_channel *c = &engine->channels[channel];
  /* A key struck again while the pedal still holds its last note leaves that note sounding:
   * corpus/spec opcodes/note_polyphony.md and note_selfmask.md, "a new note will always play",
   * and only note_polyphony (with its self-masking) or polyphony limits a key's voices. The
   * release samples the pedal held back for the key's last note-off play now. */
  sc_trigger_restruck(engine, channel, key);
  if (!c->key_down[key]) engine->keys_down++;
  engine->last_key_on = engine->now;
  c->key_down[key] = true;
  c->key_velocity[key] = velocity;
  c->key_on_frame[key] = engine->now;
  if (is_keyswitch(engine, key)) c->last_keyswitch = key;
  if (is_mono(engine)) {
    mono_note_on(engine, c, channel, key, velocity, note);
  } else {
    push_held(c, key);
    if (start_note(engine, channel, key, velocity, note) == 0 && !is_keyswitch(engine, key))
      count_unplayed(engine, channel, key);
  }
  c->previous_key = key;
  c->previous_velocity = velocity;
  c->last_note_frame = engine->now;
  c->any_note = true;
}

/* The newest sounding voice of the key that belongs to a note with an id, or NULL. */
static const sc_voice *note_voice(const sc_engine *engine, uint8_t channel, uint8_t key) {
  const sc_voice *found = NULL;
  SC_FOR_EACH_BUSY_SLOT(engine, i) {
    const sc_voice *v = &engine->voices[i];
    if (v->state == SC_VOICE_PLAYING && v->channel == channel && v->key == key && !v->released &&
        v->note.has_id && (!found || v->age > found->age))
      found = v;
  }
  return found;
}

void sc_note_off(sc_engine *engine, uint8_t channel, uint8_t key) {
  sc_channel *c = &engine->channels[channel];
  bool was_down = c->key_down[key];
  /* the release samples the key-up starts belong to the note that ends */
  const sc_voice *ending = note_voice(engine, channel, key);
  sc_voice_note ending_note = ending ? ending->note : sc_note_neutral(false, 0);
  ending_note.fresh = true;
  if (was_down) engine->keys_down--;
  engine->last_key_off = engine->now;
  c->key_down[key] = false;
  remove_held(c, key);
  if (is_mono(engine) && c->held_count > 0 && engine->parameters.value[SC_PARAM_LEGATO] > 0.5f) {
    /* legato: fall back to the last key still held */
    bool sounding = false;
    SC_FOR_EACH_BUSY_SLOT(engine, i) {
      const sc_voice *v = &engine->voices[i];
      if (v->state == SC_VOICE_PLAYING && v->channel == channel && v->key == key && !v->released)
        sounding = true;
    }
    if (sounding) {
      retune_held(engine, channel, c->held[c->held_count - 1]);
      return;
    }
  }
  SC_FOR_EACH_BUSY_SLOT(engine, i) {
    sc_voice *v = &engine->voices[i];
    if (v->state != SC_VOICE_PLAYING || v->channel != channel || v->key != key || v->released)
      continue;
    if (sc_pedal_holds(engine, v))
      v->sustained = true;
    else
      sc_voice_release(engine, v);
  }
  if (!was_down) return;
  engine->note_start = ending_note;
  sc_trigger_key_up(engine, channel, key);
  engine->note_start = sc_note_neutral(false, 0);
}

void sc_notes_all_off(sc_engine *engine, uint8_t channel) {
  sc_channel *c = &engine->channels[channel];
  SC_FOR_EACH_BUSY_SLOT(engine, i) {
    sc_voice *v = &engine->voices[i];
    if (v->state == SC_VOICE_PLAYING && v->channel == channel) sc_voice_release(engine, v);
  }
  for (int k = 0; k < 128; k++) {
    if (c->key_down[k]) engine->keys_down--;
    c->key_down[k] = false;
    c->release_pending[k] = false;
  }
  c->held_count = 0;
}
