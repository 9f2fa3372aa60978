/* region_select.c - which regions a note plays: a per-key table built at finalize time, then a
 * check of each candidate's conditions at note time. */
#include <stdlib.h>

#include "internal.h"

bool sc_instrument_build_key_table(sc_instrument *instrument) {
  uint32_t counts[128] = {0};
  uint64_t total = 0;
  for (uint32_t i = 0; i < instrument->region_count; i++) {
    const sc_region *r = &instrument->regions[i];
    for (int k = r->lokey; k <= r->hikey && k < 128; k++) {
      counts[k]++;
      total++;
    }
  }
  free(instrument->key_regions);
  instrument->key_regions = malloc((total ? total : 1) * sizeof(uint32_t));
  if (!instrument->key_regions) return false;
  uint32_t fill[128];
  instrument->key_first[0] = 0;
  for (int k = 0; k < 128; k++) {
    instrument->key_first[k + 1] = instrument->key_first[k] + counts[k];
    fill[k] = instrument->key_first[k];
  }
  for (uint32_t i = 0; i < instrument->region_count; i++) {
    const sc_region *r = &instrument->regions[i];
    for (int k = r->lokey; k <= r->hikey && k < 128; k++) instrument->key_regions[fill[k]++] = i;
  }
  return true;
}

bool sc_region_matches(const sc_region *region, sc_trigger trigger, uint8_t velocity) {
  return region->trigger == trigger && velocity >= region->lovel && velocity <= region->hivel;
}

void sc_region_init(sc_region *r) {
  *r = (sc_region){0};
  r->lokey = 0;
  r->hikey = 127;
  r->lovel = 1;
  r->hivel = 127;
  r->trigger = SC_TRIGGER_ATTACK;
  r->pitch_keycenter = 60.0f;
  r->pitch_keytrack = 100.0f;
  r->bend_up = 200.0f;
  r->bend_down = -200.0f;
  r->amp_veltrack = 100.0f;
  r->loop_mode = SC_LOOP_NONE;
  r->ampeg.sustain = 1.0f;
  r->ampeg.release = 0.001f;
  r->fileg.sustain = 1.0f;
  r->pitcheg.sustain = 1.0f;
  r->fil_type = SC_FILTER_NONE;
  r->cutoff = 20000.0f;
  r->fil_keycenter = 60.0f;
}
