/* modulators_v2.h - the SFZ v2 LFOs and flex envelopes of a voice (modulators_v2.c). */
#ifndef SC_MODULATORS_V2_H
#define SC_MODULATORS_V2_H

#include "voice/modulation.h"

struct sc_voice;

typedef struct sc_v2_lfo {
  double cycles;      /* periods run since the delay ended */
  double base_cycles; /* the same at ratio 1, which its sub-waves' ratios multiply */
  float start_phase;
  uint32_t elapsed, delay_frames, fade_frames;
  uint64_t seed; /* of its random wave */
} sc_v2_lfo;

typedef struct sc_v2_eg {
  uint8_t point; /* the point the current segment heads for; point_count once past the last */
  bool holding;  /* at the sustain point, waiting for the release */
  bool released;
  uint32_t elapsed, length; /* frames into and of the current segment */
  float from, level;
  int16_t curve; /* the <curve> the current segment follows (egN_curveX), or -1 */
  uint32_t frames[SC_V2_MAX_EG_POINTS]; /* segment lengths with note-on modulation */
  float levels[SC_V2_MAX_EG_POINTS];
} sc_v2_eg;

typedef struct sc_v2_voice {
  bool active;   /* the region has v2 modulators */
  int8_t amp_eg; /* the slot of the egN_ampeg envelope, or -1 */
  sc_v2_lfo lfos[SC_V2_MAX_LFOS];
  sc_v2_eg egs[SC_V2_MAX_EGS];
  float link_state[SC_V2_MAX_LINKS]; /* smoothed link amounts */
  float lfo_last[SC_V2_MAX_LFOS];    /* each LFO's output at the last step, for LFOs it moves */
} sc_v2_voice;

/* Starts them; with egN_ampeg, sets the amplitude envelope to follow the flex envelope. */
void sc_v2_start(const sc_engine *engine, struct sc_voice *voice);
void sc_v2_release(struct sc_voice *voice);
/* A controller moved: the flex envelopes take their new times and levels (egN_dynamic.md). */
void sc_v2_follow(const sc_engine *engine, struct sc_voice *voice);
/* Adds their outputs at the start of the coming chunk into `live`, then advances them by
 * `frames` (all but the egN_ampeg envelope, which sc_v2_amp_advance moves). */
void sc_v2_step(const sc_engine *engine, struct sc_voice *voice, uint32_t frames,
                sc_live_mods *live);
/* Advances the egN_ampeg envelope by `frames` and returns its level; ends the voice (amp_env
 * done, or a short fade once released past the last point) when it has nothing left to play. */
float sc_v2_amp_advance(const sc_engine *engine, struct sc_voice *voice, uint32_t frames);

#endif
