/* round_robin.c - sequential round robins (seq_length/seq_position).
 *
 * Each region keeps its own counter, as the SFZ format describes it, and the counter moves on
 * every event the region's trigger answers on its keys, whatever its other conditions say. The
 * regions of one round robin share their keys and trigger, so their counters stay in step even
 * when velocity layers split the steps differently, and no note falls silent between layers.
 * The counters are the engine's state (state/engine_state.h), not the instrument's, which stays
 * read-only. */
#include "performance/round_robin.h"

#include "instrument/instrument.h"
#include "state/engine_state.h"

bool sc_round_robin_step(sc_engine *engine, uint32_t region_index) {
  const sc_region *r = &engine->current->regions[region_index];
  if (r->seq_length <= 1) return true;
  uint32_t counter = engine->round_robin[region_index];
  engine->round_robin[region_index] = (counter + 1) % r->seq_length;
  return counter + 1 == r->seq_position;
}
