/* note_expression.h - per-note expression (note_expression.c): the note id a voice answers to,
 * and its pitch, volume, pan, brightness and pressure, set by SC_EVENT_NOTE_EXPRESSION. */
#ifndef SC_NOTE_EXPRESSION_H
#define SC_NOTE_EXPRESSION_H

#include <stdbool.h>
#include <stdint.h>

#include "sampler_core.h"
#include "state/voice_note.h"

struct sc_voice;

/* [render] */
/* A note-on that per-note events can address by `id` (SC_EVENT_NOTE_ON_ID). */
void sc_note_on_id(sc_engine *engine, uint8_t channel, uint8_t key, uint8_t velocity, uint32_t id);
/* Sets one expression of the voices of note `id` (SC_EVENT_NOTE_EXPRESSION). */
void sc_note_expression_set(sc_engine *engine, uint32_t id, uint8_t expression, float value);
/* A voice that a legato note takes over answers to that note from now on, gliding from where
 * its expression stands to the note's. */
void sc_note_adopt(struct sc_voice *voice, const sc_voice_note *note);

#endif
