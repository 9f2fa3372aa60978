/* note_expression.c - per-note expression: note-ons that carry an id, and the events that set
 * the pitch, volume, pan, brightness and pressure of the voices of one note. Each voice keeps
 * its own copy of its note's expression, so a voice that is stolen, or freed and started again
 * for another note, takes nothing of the old note with it; and a new note-on with an id that an
 * earlier note used takes the id from that note's voices, so its release is left alone. */
#include <math.h>

#include "state/busy_slots.h"
#include "state/engine_state.h"
#include "voice/voice.h"
#include "performance/notes.h"
#include "performance/note_expression.h"

static float clampf(float x, float lo, float hi) { return x < lo ? lo : x > hi ? hi : x; }

void sc_note_on_id(sc_engine *engine, uint8_t channel, uint8_t key, uint8_t velocity, uint32_t id) {
  if (velocity == 0) {
    sc_note_off(engine, channel, key);
    return;
  }
  SC_FOR_EACH_BUSY_SLOT(engine, i) {
    sc_voice *v = &engine->voices[i];
    if (v->note.has_id && v->note.id == id) v->note.has_id = false;
  }
  sc_voice_note note = sc_note_neutral(true, id);
  sc_note_on(engine, channel, key, velocity, &note);
}

/* Stores one expression; a voice that has not sounded yet takes it at once, gain included. */
static void set_expression(sc_engine *engine, sc_voice *v, uint8_t expression, float value) {
  sc_voice_note *n = &v->note;
  switch (expression) {
    case SC_NOTE_PITCH:
      n->pitch_cents = clampf(value, -SC_NOTE_CENTS_LIMIT, SC_NOTE_CENTS_LIMIT);
      break;
    case SC_NOTE_VOLUME:
      n->gain_target =
          powf(10.0f, clampf(value, SC_NOTE_VOLUME_MIN_DB, SC_NOTE_VOLUME_MAX_DB) / 20.0f);
      break;
    case SC_NOTE_PAN: n->pan_target = clampf(value, -1.0f, 1.0f); break;
    case SC_NOTE_BRIGHTNESS:
      n->brightness_target = clampf(value, -SC_NOTE_CENTS_LIMIT, SC_NOTE_CENTS_LIMIT);
      break;
    case SC_NOTE_PRESSURE: n->pressure = clampf(value, 0.0f, 1.0f); break;
    default: return;
  }
  if (!n->fresh) return;
  n->gain = n->gain_target;
  n->pan = n->pan_target;
  n->brightness = n->brightness_target;
  v->level.gain = sc_voice_first_gain(engine, v);
}

void sc_note_expression_set(sc_engine *engine, uint32_t id, uint8_t expression, float value) {
  if (expression >= SC_NOTE_EXPRESSION_COUNT || !isfinite(value)) return;
  SC_FOR_EACH_BUSY_SLOT(engine, i) {
    sc_voice *v = &engine->voices[i];
    if (v->note.has_id && v->note.id == id) set_expression(engine, v, expression, value);
  }
}

void sc_note_adopt(sc_voice *voice, const sc_voice_note *note) {
  sc_voice_note *n = &voice->note;
  n->has_id = note->has_id;
  n->id = note->id;
  n->pitch_cents = note->pitch_cents;
  n->pressure = note->pressure;
  n->gain_target = note->gain_target;
  n->pan_target = note->pan_target;
  n->brightness_target = note->brightness_target;
}
