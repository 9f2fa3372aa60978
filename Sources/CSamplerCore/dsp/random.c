/* random.c - the engine's random numbers for lorand/hirand: a small fixed-seed generator
 * (xorshift64*), so the same events always render the same audio and the render thread never
 * calls into the C library. */
#include "dsp/random.h"

void sc_random_seed(uint64_t *state, uint64_t seed) { *state = seed ? seed : 1; }

float sc_random_hash(uint64_t key) {
  /* the splitmix64 finaliser: every bit of the key reaches every bit of the result */
  uint64_t x = key + 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  x ^= x >> 31;
  return (float)(x >> 40) * (1.0f / 16777216.0f);
}

float sc_random_unit(uint64_t *state) {
  uint64_t x = *state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *state = x;
  uint64_t out = x * 0x2545F4914F6CDD1DULL;
  /* the top 24 bits fill a float's mantissa exactly, so the result stays below 1 */
  return (float)(out >> 40) * (1.0f / 16777216.0f);
}
