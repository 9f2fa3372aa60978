/* tuning.h - the pitch of each MIDI note, 12-TET or as the host retunes it (tuning.c). */
#ifndef SC_TUNING_H
#define SC_TUNING_H

void sc_tuning_reset(double note_cents[128]);
/* 100 x the note's pitch in 12-TET semitones at `key`, interpolated between keys. */
double sc_tuning_cents(const double note_cents[128], double key);

#endif
