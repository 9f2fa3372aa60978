/* key_tuning.h - the pitch of each MIDI note, 12-TET or as the host retunes it, and which keys
 * the tuning leaves unmapped (key_tuning.c): the table voices read their pitch from, and the
 * exchange that hands a whole new one to the render thread (performance/tuning.c applies it). */
#ifndef SC_KEY_TUNING_H
#define SC_KEY_TUNING_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/* One whole tuning: cents above MIDI note 0 of 12-TET per key, and the keys that play nothing. */
typedef struct sc_tuning_table {
  double cents[128];
  bool unmapped[128];
} sc_tuning_table;

/* A triple buffer that hands whole tables from the control thread to the render thread without
 * either waiting: each side owns one slot, and they swap the third through `middle`. */
typedef struct sc_tuning_exchange {
  sc_tuning_table slots[3];
  uint32_t back;           /* the control thread's slot */
  uint32_t front;          /* the render thread's */
  _Atomic uint32_t middle; /* the slot between them, with SC_TUNING_FRESH while not yet taken */
} sc_tuning_exchange;

void sc_tuning_reset(double note_cents[128]);
/* 100 x the note's pitch in 12-TET semitones at `key`, interpolated between keys. */
double sc_tuning_cents(const double note_cents[128], double key);

/* [control] */
void sc_tuning_exchange_init(sc_tuning_exchange *exchange);

#endif
