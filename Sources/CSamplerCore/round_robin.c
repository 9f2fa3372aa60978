/* round_robin.c - sequential round robins (seq_length/seq_position).
 *
 * Each region keeps its own counter, as the SFZ format describes it, and the counter moves on
 * every event the region's trigger answers on its keys, whatever its other conditions say. The
 * regions of one round robin share their keys and trigger, so their counters stay in step even
 * when velocity layers split the steps differently, and no note falls silent between layers. */
#include "internal.h"

bool sc_round_robin_step(const sc_instrument *instrument, uint32_t region_index) {
  const sc_region *r = &instrument->regions[region_index];
  if (r->seq_length <= 1) return true;
  uint32_t counter = instrument->seq_counters[region_index];
  instrument->seq_counters[region_index] = (counter + 1) % r->seq_length;
  return counter + 1 == r->seq_position;
}
