/* eq.h - peaking equaliser bands (eq.c). A DSP leaf: it knows no engine. */
#ifndef SC_EQ_H
#define SC_EQ_H

#include <stdint.h>

typedef struct sc_eq_coeffs {
  float b0, b1, b2, a1, a2;
} sc_eq_coeffs;

void sc_eq_coeffs_compute(sc_eq_coeffs *c, double freq, double bw_octaves, double gain_db,
                          double sample_rate);
/* Filters `left` (and `right` unless NULL) in place; z1 and z2 hold the band's state per
 * channel. */
void sc_eq_process(const sc_eq_coeffs *c, float z1[2], float z2[2], float *left, float *right,
                   uint32_t frames);

#endif
