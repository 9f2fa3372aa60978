/* tuning.c - retuning the per-note table (state/key_tuning.h): key by key by events (MIDI Tuning
 * Standard changes arrive this way) or replaced whole from the control thread (a Scala scale).
 * Notes sounding on a retuned key move to its new pitch at the event's frame; keys the tuning
 * leaves unmapped start no voice (triggers.c). */
#include <math.h>
#include <string.h>

#include "state/busy_slots.h"
#include "state/engine_state.h"
#include "voice/voice.h"
#include "performance/tuning.h"

/* The bit of sc_tuning_exchange.middle that says the slot holds a table not yet taken. */
#define SC_TUNING_FRESH 4u

/* Moves a voice's fixed pitch by what giving its key the table entry `cents` changes:
 * sc_voice_key_cents (key tracking and all) is asked before and after. */
static void retune_voice(sc_engine *e, sc_voice *v, double cents) {
  double old = e->note_cents[v->key];
  double before = sc_voice_key_cents(e, v, v->key);
  e->note_cents[v->key] = cents;
  v->pitch.base_cents += sc_voice_key_cents(e, v, v->key) - before;
  e->note_cents[v->key] = old;
}

void sc_tuning_apply_event(sc_engine *e, const sc_event *ev) {
  uint8_t key = ev->data1;
  if (key >= 128 || !(ev->number > 0.0f) || !isfinite(ev->number)) return;
  double cents = 1200.0 * log2(ev->number / SC_A4_HZ) + SC_A4_CENTS;
  if (ev->data2 & SC_TUNING_RETUNE_SOUNDING) SC_FOR_EACH_BUSY_SLOT(e, i) {
      sc_voice *v = &e->voices[i];
      if (v->key == key) retune_voice(e, v, cents);
    }
  e->note_cents[key] = cents;
  e->key_unmapped[key] = false;
}

void sc_tuning_adopt(sc_engine *e) {
  sc_tuning_exchange *x = &e->tuning_exchange;
  if (!(atomic_load_explicit(&x->middle, memory_order_relaxed) & SC_TUNING_FRESH)) return;
  uint32_t taken = atomic_exchange_explicit(&x->middle, x->front, memory_order_acq_rel);
  x->front = taken & ~SC_TUNING_FRESH;
  const sc_tuning_table *t = &x->slots[x->front];
  SC_FOR_EACH_BUSY_SLOT(e, i) {
    sc_voice *v = &e->voices[i];
    retune_voice(e, v, t->cents[v->key]);
  }
  memcpy(e->note_cents, t->cents, sizeof t->cents);
  memcpy(e->key_unmapped, t->unmapped, sizeof t->unmapped);
}

void sc_engine_set_tuning(sc_engine *e, const double cents[128], const bool mapped[128]) {
  sc_tuning_exchange *x = &e->tuning_exchange;
  sc_tuning_table *t = &x->slots[x->back];
  for (int n = 0; n < 128; n++) {
    bool usable = isfinite(cents[n]);
    t->cents[n] = usable ? cents[n] : 100.0 * n;
    t->unmapped[n] = !usable || !mapped[n];
  }
  uint32_t previous =
      atomic_exchange_explicit(&x->middle, x->back | SC_TUNING_FRESH, memory_order_acq_rel);
  x->back = previous & ~SC_TUNING_FRESH;
}
