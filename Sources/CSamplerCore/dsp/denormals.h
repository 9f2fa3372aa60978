/* denormals.h - flushing denormal floats to zero for the length of a render call (denormals.c). */
#ifndef SC_DENORMALS_H
#define SC_DENORMALS_H

#include <stdint.h>

typedef struct sc_fp_state {
  uint64_t saved;
} sc_fp_state;

void sc_denormals_flush_begin(sc_fp_state *state);
void sc_denormals_flush_end(const sc_fp_state *state);

#endif
