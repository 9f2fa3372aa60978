/* instrument_index.c - built once at finalize so no event searches: for each key the regions
 * that may sound on it, and the list of regions triggered by controllers. */
#include <stdlib.h>

#include "instrument/instrument.h"

bool sc_instrument_build_index(sc_instrument *instrument) {
  uint32_t counts[128] = {0};
  uint64_t total = 0;
  uint32_t cc_total = 0;
  for (uint32_t i = 0; i < instrument->region_count; i++) {
    const sc_region *r = &instrument->regions[i];
    if (instrument->play[i].partnered) continue;
    if (r->trigger == SC_TRIGGER_CC) {
      cc_total++;
      continue;
    }
    for (int k = r->lokey; k <= r->hikey && k < 128; k++) {
      counts[k]++;
      total++;
    }
  }
  free(instrument->key_regions);
  free(instrument->cc_regions);
  instrument->key_regions = malloc((total ? total : 1) * sizeof(uint32_t));
  instrument->cc_regions = malloc((cc_total ? cc_total : 1) * sizeof(uint32_t));
  if (!instrument->key_regions || !instrument->cc_regions) return false;
  uint32_t fill[128];
  instrument->key_first[0] = 0;
  for (int k = 0; k < 128; k++) {
    instrument->key_first[k + 1] = instrument->key_first[k] + counts[k];
    fill[k] = instrument->key_first[k];
  }
  instrument->cc_region_count = 0;
  for (uint32_t i = 0; i < instrument->region_count; i++) {
    const sc_region *r = &instrument->regions[i];
    if (instrument->play[i].partnered) continue;
    if (r->trigger == SC_TRIGGER_CC) {
      instrument->cc_regions[instrument->cc_region_count++] = i;
      continue;
    }
    for (int k = r->lokey; k <= r->hikey && k < 128; k++) instrument->key_regions[fill[k]++] = i;
  }
  return true;
}
