/* lazy_phase.h - an oscillator's phase, in cycles (0...1), kept in step at a rate that may change
 * from chunk to chunk, but worked out only when it is read or its rate changes: the frames it
 * owes at its rate wait until then. A vibrato of depth 0, which every voice keeps in step for a
 * depth that may come, so costs no division and no floor() per chunk. Read every chunk, it moves
 * by the same steps as a running sum would, to the bit. A DSP leaf. */
#ifndef SC_LAZY_PHASE_H
#define SC_LAZY_PHASE_H

#include <math.h>
#include <stdint.h>

typedef struct sc_lazy_phase {
  double phase;
  uint64_t lag; /* frames not yet added, at `rate` */
  float rate;   /* Hz */
} sc_lazy_phase;

/* A phase at `phase`, owing nothing. [any] */
static inline sc_lazy_phase sc_lazy_phase_at(double phase) {
  return (sc_lazy_phase){.phase = phase};
}

/* Adds the frames owed. [render] */
static inline void sc_lazy_phase_follow(sc_lazy_phase *p, double sample_rate) {
  if (p->lag == 0) return;
  p->phase += p->rate * p->lag / sample_rate;
  p->phase -= floor(p->phase);
  p->lag = 0;
}

/* The phase now. [render] */
static inline double sc_lazy_phase_read(sc_lazy_phase *p, double sample_rate) {
  sc_lazy_phase_follow(p, sample_rate);
  return p->phase;
}

/* Moves the phase on by `frames` at `rate` Hz. [render] */
static inline void sc_lazy_phase_advance(sc_lazy_phase *p, float rate, uint32_t frames,
                                         double sample_rate) {
  if (rate != p->rate) {
    sc_lazy_phase_follow(p, sample_rate);
    p->rate = rate;
  }
  p->lag += frames;
}

#endif
