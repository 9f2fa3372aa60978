/* voice_note.h - what a voice keeps of its note's per-note expression (performance/
 * note_expression.c sets it from events): the voice reads it and smooths it as it renders, so
 * the type and its arithmetic belong to the voice. */
#ifndef SC_VOICE_NOTE_H
#define SC_VOICE_NOTE_H

#include <stdbool.h>
#include <stdint.h>

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

/* Neutral expression, with the note id `id` when `has_id`. [any] */
static inline sc_voice_note sc_note_neutral(bool has_id, uint32_t id) {
  return (sc_voice_note){
      .has_id = has_id, .id = id, .gain_target = 1.0f, .gain = 1.0f, .fresh = true};
}

/* Moves volume, pan and brightness a chunk's share of the way to their targets. */
static inline void sc_note_smooth(sc_voice_note *note, float smoothing) {
  note->gain += (note->gain_target - note->gain) * smoothing;
  note->pan += (note->pan_target - note->pan) * smoothing;
  note->brightness += (note->brightness_target - note->brightness) * smoothing;
}

#endif
