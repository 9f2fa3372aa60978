/* key_tuning.c - the per-note tuning table, in cents above MIDI note 0 of 12-TET: 12-TET at
 * first, then retuned by performance/tuning.c. */
#include "state/key_tuning.h"

void sc_tuning_reset(double note_cents[128]) {
  for (int n = 0; n < 128; n++) note_cents[n] = 100.0 * n;
}

/* Fractional and out-of-range keys extend the table with 12-TET steps so regions with unusual
 * pitch_keycenter values still get a pitch. */
double sc_tuning_cents(const double note_cents[128], double key) {
  if (key <= 0.0) return note_cents[0] + 100.0 * key;
  if (key >= 127.0) return note_cents[127] + 100.0 * (key - 127.0);
  int below = (int)key;
  double frac = key - below;
  return note_cents[below] + frac * (note_cents[below + 1] - note_cents[below]);
}

void sc_tuning_exchange_init(sc_tuning_exchange *exchange) {
  exchange->back = 0;
  atomic_init(&exchange->middle, 1);
  exchange->front = 2;
}
