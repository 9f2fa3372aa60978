/* filter_v2.h - the filter types SFZ v2 and ARIA add to SFZ v1's six (filter_v2.c): band-pass,
 * notch and all-pass of one pole, 4- and 6-pole low- and high-pass, comb, pink, and the shelves
 * and peaking band that fil_gain sets. Most are filter.c's sections with other settings, run by
 * the same code; comb and pink have loops of their own. */
#ifndef SC_FILTER_V2_H
#define SC_FILTER_V2_H

#include "config.h"
#include "dsp/filter.h"

/* What these types keep beyond filter.c's first section. */
typedef union sc_filter_extra {
  sc_filter_state sections[2]; /* the second and third sections of 4- and 6-pole types */
  struct {
    float gain;   /* applied to the delayed signal */
    float delay;  /* frames */
    bool forward; /* the line holds the input (a notch comb) rather than the output */
    uint32_t base, capacity, write; /* the voice's line frames it uses, and where it writes */
  } comb;
  struct {
    float m11[SC_FILTER_PINK_SECTIONS], b1[SC_FILTER_PINK_SECTIONS];
    float c1[SC_FILTER_PINK_SECTIONS], d[SC_FILTER_PINK_SECTIONS];
    float s[SC_FILTER_PINK_SECTIONS][2]; /* per channel */
  } pink;
} sc_filter_extra;

/* Whether `type` is one of these (filter.c's own six are not). */
static inline bool sc_filter_is_v2(sc_filter_type type) { return type >= SC_FILTER_BPF_1P; }

/* Gives a comb filter `capacity` frames of its voice's line from `base` (below
 * SC_FILTER_COMB_FRAMES) and empties its place in it. */
void sc_filter_comb_place(sc_filter_extra *x, uint32_t base, uint32_t capacity);
/* Sets a type's coefficients for `cutoff` Hz, `resonance_db` and `gain_db` (lsh, hsh, peq),
 * leaving its state as it is. */
void sc_filter_v2_design(sc_filter_type type, double cutoff, double resonance_db, double gain_db,
                         double rate, sc_filter_coeffs *c, sc_filter_extra *x);
/* Runs `frames` frames of a channel pair (right NULL for mono) in place: the sections with
 * `process` (the engine's filter code), comb with the voice's `line`. */
void sc_filter_v2_process(sc_filter_type type, sc_filter_fn process, const sc_filter_coeffs *c,
                          sc_filter_state *s, sc_filter_extra *x, float (*line)[2], float *left,
                          float *right, uint32_t frames);

#endif
