/* notes.h - what note events do to keys and voices (notes.c): held keys, releases, mono and
 * legato playing with glide. What they start is in triggers.h. */
#ifndef SC_NOTES_H
#define SC_NOTES_H

#include "state/controllers.h"
#include "performance/note_expression.h"

/* [render] */
/* The voices the key starts belong to `note` (its id and expression), or to no note with an id
 * when it is NULL. */
void sc_note_on(sc_engine *engine, uint8_t channel, uint8_t key, uint8_t velocity,
                const sc_voice_note *note);
void sc_note_off(sc_engine *engine, uint8_t channel, uint8_t key);
/* Every key of the channel up, pedal or not (all notes off). */
void sc_notes_all_off(sc_engine *engine, uint8_t channel);
/* Seconds since the channel's previous note-on, INFINITY before any. */
float sc_channel_timer(const sc_engine *engine, const sc_channel *channel);

#endif
