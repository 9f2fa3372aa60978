/* note_expression.h - per-note expression (note_expression.c): the note id a voice answers to,
 * and its pitch, volume, pan, brightness and pressure, set by SC_EVENT_NOTE_EXPRESSION. */
#ifndef SC_NOTE_EXPRESSION_H
#define SC_NOTE_EXPRESSION_H

#include <stdbool.h>
#include <stdint.h>

#include "sampler_core.h"

/* A voice's share of its note: which note it belongs to and where its expression stands. Every
 * voice has one; a voice of a note without an id keeps it neutral, which changes nothing. */
typedef struct sc_voice_note {
  bool has_id;
  uint32_t id;
  float pitch_cents; /* applied as it is */
  float pressure;    /* 0...1 */
  /* where volume (as a linear gain), pan and brightness are going, and where the smoothing has
   * brought them */
  float gain_target, pan_target, brightness_target;
  float gain, pan, brightness;
  bool fresh; /* nothing rendered yet: a change lands at once, with nothing to glide from */
} sc_voice_note;

struct sc_voice;

/* Neutral expression, with the note id `id` when `has_id`. [any] */
sc_voice_note sc_note_neutral(bool has_id, uint32_t id);

/* [render] */
/* A note-on that per-note events can address by `id` (SC_EVENT_NOTE_ON_ID). */
void sc_note_on_id(sc_engine *engine, uint8_t channel, uint8_t key, uint8_t velocity, uint32_t id);
/* Sets one expression of the voices of note `id` (SC_EVENT_NOTE_EXPRESSION). */
void sc_note_expression_set(sc_engine *engine, uint32_t id, uint8_t expression, float value);
/* Moves volume, pan and brightness a chunk's share of the way to their targets. */
static inline void sc_note_smooth(sc_voice_note *note, float smoothing) {
  note->gain += (note->gain_target - note->gain) * smoothing;
  note->pan += (note->pan_target - note->pan) * smoothing;
  note->brightness += (note->brightness_target - note->brightness) * smoothing;
}
/* A voice that a legato note takes over answers to that note from now on, gliding from where
 * its expression stands to the note's. */
void sc_note_adopt(struct sc_voice *voice, const sc_voice_note *note);

#endif
