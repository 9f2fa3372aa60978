/* instrument.h - an instrument as the render path reads it: padded samples, regions with what
 * finalize derives from them, and the indexes built once so no event searches. Built on the
 * control thread (instrument.c); read-only once an engine has adopted it. */
#ifndef SC_INSTRUMENT_H
#define SC_INSTRUMENT_H

#include "config.h"
#include "sampler_core.h"

/* Sample frames, interleaved when stereo, with SC_SAMPLE_PADDING silent frames on each side so
 * `frames[-SC_SAMPLE_PADDING * channels]` and past the end are readable. */
typedef struct sc_sample {
  void *storage;      /* the allocation: mapped from the system when >= SC_SAMPLE_MAP_BYTES */
  const void *frames; /* first real frame: float or int16_t, as `format` says */
  sc_sample_format format;
  uint32_t channels;
  uint64_t frame_count;
  /* frames held in memory: frame_count, or fewer for a streamed sample (stream.h), whose other
   * frames come from disk and whose padding after them is not silence but unused */
  uint64_t resident_frames;
  uint64_t stream_key;
  double sample_rate;
  bool has_loop;
  uint64_t loop_start, loop_end; /* inclusive */
  float *tail_peaks;             /* sample_peaks.h; NULL when the sample streams */
} sc_sample;

/* What finalize derives from a region and its sample, so the render path only reads. */
typedef struct sc_region_play {
  uint64_t start;                /* first frame */
  uint64_t last;                 /* last frame played, inclusive */
  uint64_t loop_start, loop_end; /* inclusive, valid when the mode loops */
  double rate_ratio_log2;        /* log2(sample rate) cached for pitch computation */
  bool loop_resident; /* the loop lies in the sample's resident frames, so the voice may loop */
  uint32_t mod_first, mod_count; /* the region's modulations in the instrument's list */
  bool has_live_mods;            /* some of them follow controllers while the voice sounds */
  bool envelopes_follow;         /* controllers set some envelope's times or levels */
  /* the most that what follows the sample read (pan and filters) can raise a voice's level over
   * its gain, or 0 when something may raise it further (voice/audibility.h) */
  float headroom;
  /* stereo_pairs.h: the region plays its partner's side too, the right of its now stereo
   * sample, at the partner's pan (percent); or it is that partner, played by the other */
  bool paired, partnered;
  float partner_pan;
} sc_region_play;

struct sc_instrument {
  float *curves[SC_MAX_CURVES]; /* 128 points each; NULL where undefined */
  sc_modulation *mods;          /* sorted by region at finalize */
  uint32_t *mod_regions;        /* the region of each modulation */
  uint32_t mod_count, mod_capacity;
  sc_sample *samples;
  uint32_t sample_count, sample_capacity;
  sc_region *regions;
  sc_region_play *play;
  uint32_t region_count, region_capacity;
  /* regions that may sound for each key: key_regions[key_first[k] ... key_first[k+1]) */
  uint32_t key_first[129];
  uint32_t *key_regions;
  /* regions triggered by controllers (SC_TRIGGER_CC) */
  uint32_t *cc_regions;
  uint32_t cc_region_count;
  /* Room for one round-robin counter per region, allocated at finalize so that adoption on the
   * render thread allocates nothing. The instrument never touches it: the engine that adopts the
   * instrument takes it as its own mutable state (state/engine_state.h, round_robin.c). */
  uint32_t *round_robin_storage;
  bool keyswitch[128];   /* keys that set the channel's last keyswitch */
  bool pedal_cc[128];    /* controllers some region takes as its sustain or sostenuto pedal */
  int16_t sw_default;    /* last keyswitch before any is played, or SC_NO_KEY */
  float initial_cc[128]; /* set_ccN / set_hdccN values 0...1, or -1 */
  /* the <effect> chains as declared (instrument_effects.c), and the running chains an engine
   * makes of them at set-instrument time: like round_robin_storage, the adopting engine's own
   * mutable state */
  sc_effect *effects;
  uint32_t effect_count, effect_capacity;
  bool effect_on_bus[SC_EFFECT_BUSES];
  sc_effect_levels effect_levels;
  struct sc_fx_chains *chains;
  bool finalized;
};

/* Frees a sample no region plays, leaving its slot empty. [control] */
void sc_instrument_drop_sample(sc_instrument *instrument, uint32_t index);

/* instrument_index.c: the per-key and controller-trigger region lists; a region another plays
 * (sc_region_play.partnered) is in neither. [control] */
bool sc_instrument_build_index(sc_instrument *instrument);

#endif
