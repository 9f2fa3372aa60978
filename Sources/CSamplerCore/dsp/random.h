/* random.h - the engine's reproducible random numbers (random.c). */
#ifndef SC_RANDOM_H
#define SC_RANDOM_H

#include <stdint.h>

void sc_random_seed(uint64_t *state, uint64_t seed);
/* Uniform in [0, 1). */
float sc_random_unit(uint64_t *state);
/* Uniform in [0, 1), a fixed function of `key`: a draw that needs no state to be repeated. */
float sc_random_hash(uint64_t key);

#endif
