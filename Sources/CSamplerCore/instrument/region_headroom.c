/* region_headroom.c - the bound on what follows a region's sample read; see region_headroom.h. */
#include <math.h>

#include "config.h"
#include "dsp/dsp_math.h"
#include "dsp/filter.h"
#include "instrument/region.h"
#include "instrument/region_headroom.h"

/* Whether anything may raise the region's level while its voice sounds, or add to it. */
static bool may_rise(const sc_region *r, const sc_region_play *play) {
  if (play->has_live_mods || play->envelopes_follow || r->cc_crossfade_count > 0 || r->ring ||
      r->noise.on || r->v2_lfo_count > 0 || r->v2_eg_count > 0 || r->v2_link_count > 0)
    return true;
  for (int b = 0; b < 3; b++)
    if (r->eq[b].gain != 0.0f || r->eq[b].vel2gain != 0.0f) return true;
  return false;
}

/* The keys some release region plays that needs an attack voice still playing (rt_dead=off). */
static void keys_asked(const sc_instrument *instrument, bool asked[128]) {
  for (int k = 0; k < 128; k++) asked[k] = false;
  for (uint32_t i = 0; i < instrument->region_count; i++) {
    const sc_region *r = &instrument->regions[i];
    if (!sc_region_is_release(r) || r->rt_dead) continue;
    for (int k = r->lokey; k <= r->hikey && k < 128; k++) asked[k] = true;
  }
}

/* The region's headroom, `asked` the keys whose attack voices a release region asks about. */
static float headroom(const sc_region *r, const sc_region_play *play, const bool asked[128]) {
  if (may_rise(r, play)) return 0.0f;
  for (int k = r->lokey; k <= r->hikey && k < 128 && !sc_region_is_release(r); k++)
    if (asked[k]) return 0.0f;
  /* the pan law gives a side at most sqrt 2 (voice_mix.c), and a stereo sample's width mixes
   * its sides with weights whose magnitudes sum to at most 1. A pair's two sides may meet in one
   * output: sqrt 2 (|cos x| + |sin x|) <= 2 for sides panned hard apart, 2 sqrt 2 for any. */
  double gain = !play->paired                                 ? SC_SQRT2
                : fabsf(r->pan - play->partner_pan) == 200.0f ? 2.0
                                                              : 2.0 * SC_SQRT2;
  for (int i = 0; i < SC_FILTER_COUNT; i++) {
    const sc_filter_params *p = &r->filters[i];
    gain *= sc_filter_peak_gain(p->type, sc_filter_damping(p->resonance));
  }
  return isfinite(gain) ? (float)gain : 0.0f;
}

void sc_instrument_set_headrooms(sc_instrument *instrument) {
  bool asked[128];
  keys_asked(instrument, asked);
  /* an <effect> chain may raise what it is given by any amount (a distortion, a compressor) */
  for (uint32_t i = 0; i < instrument->region_count; i++)
    instrument->play[i].headroom =
        instrument->effect_count > 0
            ? 0.0f
            : headroom(&instrument->regions[i], &instrument->play[i], asked);
}
