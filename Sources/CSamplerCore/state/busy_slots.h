/* busy_slots.h - which voice slots hold a voice (playing or fading), one bit a slot in slot
 * order. A voice is several kilobytes, so a loop that read every slot's state to find the few
 * sounding ones touched a cache line, and often a page, per slot, every span and every note:
 * the loops over sounding voices walk these words instead, in the same slot order, so the mix
 * sums the same voices in the same order as before. The voice layer sets a slot's bit when a
 * voice starts and clears it when it ends (voice_start.c, voice_alloc.c); render-team threads
 * end voices of different slots at once, hence atomic words. */
#ifndef SC_BUSY_SLOTS_H
#define SC_BUSY_SLOTS_H

#include "state/engine_state.h"

/* The first busy slot at or after `from`, or e->voice_slots when none is. */
static inline uint32_t sc_busy_next(const sc_engine *e, uint32_t from) {
  uint32_t words = (e->voice_slots + 63) / 64;
  uint32_t w = from / 64;
  if (w >= words) return e->voice_slots;
  uint64_t bits = atomic_load_explicit(&e->busy[w], memory_order_relaxed) & (~0ull << (from % 64));
  while (!bits) {
    if (++w >= words) return e->voice_slots;
    bits = atomic_load_explicit(&e->busy[w], memory_order_relaxed);
  }
  uint32_t slot = 64 * w + (uint32_t)__builtin_ctzll(bits);
  return slot < e->voice_slots ? slot : e->voice_slots;
}

/* The first slot that holds no voice, or e->voice_slots when every one does. */
static inline uint32_t sc_busy_first_free(const sc_engine *e) {
  uint32_t words = (e->voice_slots + 63) / 64;
  for (uint32_t w = 0; w < words; w++) {
    uint64_t free_bits = ~atomic_load_explicit(&e->busy[w], memory_order_relaxed);
    if (free_bits) {
      uint32_t slot = 64 * w + (uint32_t)__builtin_ctzll(free_bits);
      return slot < e->voice_slots ? slot : e->voice_slots;
    }
  }
  return e->voice_slots;
}

/* Voices in busy slots. */
static inline uint32_t sc_busy_count(const sc_engine *e) {
  uint32_t words = (e->voice_slots + 63) / 64, count = 0;
  for (uint32_t w = 0; w < words; w++)
    count +=
        (uint32_t)__builtin_popcountll(atomic_load_explicit(&e->busy[w], memory_order_relaxed));
  return count;
}

/* Every busy slot `i` of engine `e`, in slot order. A slot freed inside the loop body is simply
 * not visited again; one started there, past `i`, is. */
#define SC_FOR_EACH_BUSY_SLOT(e, i) \
  for (uint32_t i = sc_busy_next((e), 0); i < (e)->voice_slots; i = sc_busy_next((e), i + 1))

#endif
