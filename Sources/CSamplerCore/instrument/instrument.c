/* instrument.c - building an instrument on the control thread: samples are copied into padded
 * buffers, regions are checked against their samples once, so the render path never has to. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "instrument/instrument.h"
#include "instrument/instrument_effects.h"
#include "instrument/curves.h"
#include "instrument/keyswitch.h"
#include "instrument/pages.h"
#include "instrument/region.h"
#include "instrument/region_headroom.h"
#include "instrument/sample_peaks.h"
#include "instrument/stereo_pairs.h"

void sc_memory_return_to_system(void) {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

static size_t format_bytes(sc_sample_format format) {
  return format == SC_SAMPLE_INT16 ? sizeof(int16_t) : sizeof(float);
}

/* Bytes of a sample's storage: its resident frames and the padding on each side (0 for a
 * reserved slot not yet set). */
static size_t storage_size(const sc_sample *s) {
  return (size_t)(s->resident_frames + 2 * SC_SAMPLE_PADDING) * s->channels *
         format_bytes(s->format);
}

/* Zeroed sample storage: the padding around the frames must read as silence. */
static void *allocate_storage(size_t bytes) {
  return bytes >= SC_SAMPLE_MAP_BYTES ? sc_pages_map(bytes) : calloc(1, bytes);
}

static void free_storage(void *storage, size_t bytes) {
  if (bytes >= SC_SAMPLE_MAP_BYTES)
    sc_pages_unmap(storage, bytes);
  else
    free(storage);
}

sc_instrument *sc_instrument_create(void) {
  sc_instrument *instrument = calloc(1, sizeof(sc_instrument));
  if (!instrument) return NULL;
  for (int cc = 0; cc < 128; cc++) instrument->initial_cc[cc] = -1.0f;
  instrument->sw_default = SC_NO_KEY;
  instrument->effect_levels.direct_to_main = 100.0f;
  if (!sc_curves_install_builtins(instrument)) {
    sc_instrument_destroy(instrument);
    return NULL;
  }
  return instrument;
}

bool sc_instrument_set_initial_cc(sc_instrument *instrument, uint32_t controller, float value) {
  if (!instrument || instrument->finalized || controller > 127 || !isfinite(value)) return false;
  float clamped = value < 0.0f ? 0.0f : value > 1.0f ? 1.0f : value;
  instrument->initial_cc[controller] = clamped;
  return true;
}

void sc_instrument_destroy(sc_instrument *instrument) {
  if (!instrument) return;
  for (uint32_t i = 0; i < instrument->sample_count; i++) {
    free_storage(instrument->samples[i].storage, storage_size(&instrument->samples[i]));
    free(instrument->samples[i].tail_peaks);
  }
  free(instrument->samples);
  free(instrument->regions);
  free(instrument->play);
  free(instrument->key_regions);
  free(instrument->cc_regions);
  free(instrument->round_robin_storage);
  free(instrument->mods);
  free(instrument->mod_regions);
  sc_curves_free(instrument);
  sc_instrument_free_effects(instrument);
  free(instrument);
}

bool sc_instrument_add_modulation(sc_instrument *instrument, uint32_t region_index,
                                  const sc_modulation *m) {
  bool variable_input = m && m->target >= SC_MOD_VARIABLE_SUM &&
                        m->target < SC_MOD_VARIABLE_PRODUCT + SC_MAX_VARIABLES;
  bool variable_output =
      m && m->source >= SC_SOURCE_VARIABLE && m->source < SC_SOURCE_VARIABLE + SC_MAX_VARIABLES;
  if (!instrument || instrument->finalized || !m || region_index >= instrument->region_count ||
      (m->target >= SC_MOD_TARGET_COUNT && !variable_input) ||
      (m->source >= SC_SOURCE_COUNT && !variable_output) ||
      (variable_output && (variable_input || m->target >= SC_MOD_LIVE_COUNT)) ||
      m->curve >= SC_MAX_CURVES || !isfinite(m->depth))
    return false;
  if (instrument->mod_count == instrument->mod_capacity) {
    uint32_t next = instrument->mod_capacity ? instrument->mod_capacity * 2 : 32;
    sc_modulation *mods = realloc(instrument->mods, (size_t)next * sizeof(sc_modulation));
    if (!mods) return false;
    instrument->mods = mods;
    uint32_t *regions = realloc(instrument->mod_regions, (size_t)next * sizeof(uint32_t));
    if (!regions) return false;
    instrument->mod_regions = regions;
    instrument->mod_capacity = next;
  }
  instrument->mods[instrument->mod_count] = *m;
  instrument->mod_regions[instrument->mod_count++] = region_index;
  return true;
}

/* A flex envelope time or level some controller sets. */
static bool flex_envelopes_follow(const sc_region *r) {
  for (uint32_t i = 0; i < r->v2_link_count && i < SC_V2_MAX_LINKS; i++) {
    const sc_v2_link *link = &r->v2_links[i];
    if ((link->kind == SC_V2_LINK_EG_TIME || link->kind == SC_V2_LINK_EG_LEVEL) &&
        link->source != SC_V2_NO_SOURCE)
      return true;
  }
  return false;
}

/* Orders the modulations by region (keeping their order within a region) and gives each
 * region its slice. */
static bool index_modulations(sc_instrument *instrument) {
  uint32_t count = instrument->mod_count;
  for (uint32_t i = 0; i < instrument->region_count; i++) {
    instrument->play[i].mod_first = 0;
    instrument->play[i].mod_count = 0;
    instrument->play[i].has_live_mods = false;
    instrument->play[i].envelopes_follow = flex_envelopes_follow(&instrument->regions[i]);
  }
  if (count == 0) return true;
  sc_modulation *sorted = malloc((size_t)count * sizeof(sc_modulation));
  if (!sorted) return false;
  uint32_t next = 0;
  for (uint32_t region = 0; region < instrument->region_count; region++) {
    sc_region_play *play = &instrument->play[region];
    play->mod_first = next;
    for (uint32_t i = 0; i < count; i++) {
      if (instrument->mod_regions[i] != region) continue;
      sorted[next++] = instrument->mods[i];
      play->mod_count++;
      if (instrument->mods[i].target < SC_MOD_LIVE_COUNT) play->has_live_mods = true;
      if (instrument->mods[i].target >= SC_MOD_AMPEG_DELAY) play->envelopes_follow = true;
    }
  }
  free(instrument->mods);
  instrument->mods = sorted;
  return true;
}

static bool grow(void **array, uint32_t *capacity, uint32_t needed, size_t element) {
  if (needed <= *capacity) return true;
  uint32_t next = *capacity ? *capacity * 2 : 16;
  while (next < needed) next *= 2;
  void *bigger = realloc(*array, (size_t)next * element);
  if (!bigger) return false;
  *array = bigger;
  *capacity = next;
  return true;
}

int32_t sc_instrument_reserve_samples(sc_instrument *instrument, uint32_t count) {
  if (!instrument || instrument->finalized || count > INT32_MAX - instrument->sample_count)
    return -1;
  uint32_t first = instrument->sample_count;
  /* an instrument whose regions name no sample reserves none (and may have no array yet) */
  if (count == 0) return (int32_t)first;
  if (!grow((void **)&instrument->samples, &instrument->sample_capacity, first + count,
            sizeof(sc_sample)))
    return -1;
  /* empty until set: no storage, no frames; a region naming one is refused */
  memset(&instrument->samples[first], 0, (size_t)count * sizeof(sc_sample));
  instrument->sample_count = first + count;
  return (int32_t)first;
}

static bool valid_data(const sc_sample_data *data) {
  if (!data || !data->channels || data->channel_count < 1 || data->channel_count > 2 ||
      data->frame_count == 0 || !(data->sample_rate > 0.0) ||
      (data->format != SC_SAMPLE_FLOAT32 && data->format != SC_SAMPLE_INT16))
    return false;
  for (uint32_t ch = 0; ch < data->channel_count; ch++)
    if (!data->channels[ch]) return false;
  return data->resident_frames == 0 || data->resident_frames >= data->frame_count ||
         data->stream_key != 0;
}

bool sc_instrument_set_sample_data(sc_instrument *instrument, uint32_t index,
                                   const sc_sample_data *data) {
  if (!instrument || instrument->finalized || index >= instrument->sample_count ||
      instrument->samples[index].storage || !valid_data(data))
    return false;
  uint64_t resident = data->resident_frames;
  if (resident == 0 || resident > data->frame_count) resident = data->frame_count;
  sc_sample sample = {.format = data->format,
                      .channels = data->channel_count,
                      .frame_count = data->frame_count,
                      .resident_frames = resident,
                      .stream_key = data->stream_key,
                      .sample_rate = data->sample_rate,
                      .has_loop = data->has_loop && data->loop_start <= data->loop_end &&
                                  data->loop_end < data->frame_count,
                      .loop_start = data->loop_start,
                      .loop_end = data->loop_end};
  char *storage = allocate_storage(storage_size(&sample));
  if (!storage) return false;
  uint32_t channels = sample.channels;
  size_t bytes = format_bytes(sample.format);
  char *frames = storage + SC_SAMPLE_PADDING * channels * bytes;
  /* interleaved: the kernels read every tap of a stereo frame from one place */
  for (uint32_t ch = 0; ch < channels; ch++) {
    if (data->format == SC_SAMPLE_INT16) {
      const int16_t *source = data->channels[ch];
      int16_t *out = (int16_t *)frames + ch;
      for (uint64_t i = 0; i < resident; i++) out[i * channels] = source[i];
    } else {
      const float *source = data->channels[ch];
      float *out = (float *)frames + ch;
      for (uint64_t i = 0; i < resident; i++) out[i * channels] = source[i];
    }
  }
  sample.storage = storage;
  sample.frames = frames;
  if (!sc_sample_peaks_build(&sample)) {
    free_storage(storage, storage_size(&sample));
    return false;
  }
  instrument->samples[index] = sample;
  return true;
}

void sc_instrument_drop_sample(sc_instrument *instrument, uint32_t index) {
  sc_sample *s = &instrument->samples[index];
  free_storage(s->storage, storage_size(s));
  free(s->tail_peaks);
  memset(s, 0, sizeof *s);
}

int32_t sc_instrument_add_sample_data(sc_instrument *instrument, const sc_sample_data *data) {
  int32_t index = sc_instrument_reserve_samples(instrument, 1);
  if (index < 0) return -1;
  if (!sc_instrument_set_sample_data(instrument, (uint32_t)index, data)) {
    instrument->sample_count--;
    return -1;
  }
  return index;
}

int32_t sc_instrument_add_sample(sc_instrument *instrument, const float *const *channels,
                                 uint32_t channel_count, uint64_t frame_count, double sample_rate,
                                 bool has_loop, uint64_t loop_start, uint64_t loop_end) {
  sc_sample_data data = {.format = SC_SAMPLE_FLOAT32,
                         .channels = (const void *const *)channels,
                         .channel_count = channel_count,
                         .frame_count = frame_count,
                         .sample_rate = sample_rate,
                         .has_loop = has_loop,
                         .loop_start = loop_start,
                         .loop_end = loop_end};
  return sc_instrument_add_sample_data(instrument, &data);
}

int32_t sc_instrument_add_region(sc_instrument *instrument, const sc_region *region) {
  if (!instrument || instrument->finalized || !region ||
      region->sample_index >= instrument->sample_count ||
      !instrument->samples[region->sample_index].storage || instrument->region_count >= INT32_MAX)
    return -1;
  if (instrument->region_count == instrument->region_capacity) {
    uint32_t next = instrument->region_capacity ? instrument->region_capacity * 2 : 16;
    sc_region *regions = realloc(instrument->regions, (size_t)next * sizeof(sc_region));
    if (!regions) return -1;
    instrument->regions = regions;
    sc_region_play *play = realloc(instrument->play, (size_t)next * sizeof(sc_region_play));
    if (!play) return -1;
    instrument->play = play;
    instrument->region_capacity = next;
  }
  instrument->regions[instrument->region_count] = *region;
  return (int32_t)instrument->region_count++;
}

/* Clamps a region's frames into its sample; returns true when something had to change. */
static bool resolve_play(const sc_region *r, const sc_sample *s, sc_region_play *play) {
  bool clamped = false;
  uint64_t last_frame = s->frame_count - 1;
  play->last = r->end == 0 ? last_frame : r->end;
  if (play->last > last_frame) {
    play->last = last_frame;
    clamped = true;
  }
  play->start = r->offset;
  if (play->start > play->last) {
    play->start = play->last;
    clamped = true;
  }
  if (r->loop_start == 0 && r->loop_end == 0) {
    play->loop_start = s->has_loop ? s->loop_start : 0;
    play->loop_end = s->has_loop ? s->loop_end : play->last;
  } else {
    play->loop_start = r->loop_start;
    /* loop_end not given: the file's, else the sample's last frame (corpus/spec
     * opcodes/loop_end.md, as ARIA does) */
    play->loop_end = r->loop_end != 0 ? r->loop_end : s->has_loop ? s->loop_end : play->last;
  }
  if (play->loop_start > play->loop_end) {
    /* An inverted loop: the docs do not say, and looping the one frame it would otherwise
     * shrink to holds a constant level. The two points still bound the audio its author meant
     * to loop, so it plays between them (the loader warns). */
    uint64_t earlier = play->loop_end;
    play->loop_end = play->loop_start;
    play->loop_start = earlier;
  }
  if (play->loop_end > play->last) {
    play->loop_end = play->last;
    clamped = true;
  }
  if (play->loop_start > play->loop_end) {
    play->loop_start = play->loop_end;
    clamped = true;
  }
  play->rate_ratio_log2 = log2(s->sample_rate);
  /* a streamed sample's ring only moves forward: the loop, its crossfade (before the loop
   * start) and the taps past its end must be resident */
  play->loop_resident = s->resident_frames == s->frame_count ||
                        play->loop_end + SC_SAMPLE_PADDING < s->resident_frames;
  if (!play->loop_resident && sc_region_may_loop(r)) clamped = true;
  return clamped;
}

/* Marks the controllers some region takes as a sustain or sostenuto pedal. */
static void build_pedals(sc_instrument *instrument) {
  for (int cc = 0; cc < 128; cc++) instrument->pedal_cc[cc] = false;
  for (uint32_t i = 0; i < instrument->region_count; i++) {
    const sc_region *r = &instrument->regions[i];
    if (r->sustain_sw) instrument->pedal_cc[r->sustain_cc & 127] = true;
    if (r->sostenuto_sw) instrument->pedal_cc[r->sostenuto_cc & 127] = true;
  }
}

uint32_t sc_instrument_finalize(sc_instrument *instrument) {
  if (!instrument || instrument->finalized) return 0;
  uint32_t clamped = 0;
  for (uint32_t i = 0; i < instrument->region_count; i++) {
    const sc_region *r = &instrument->regions[i];
    if (resolve_play(r, &instrument->samples[r->sample_index], &instrument->play[i])) clamped++;
  }
  /* the modulations indexed first: a pair's regions must have the same; the key index after the
   * pairs, without the partners */
  if (!index_modulations(instrument) || !sc_instrument_pair_regions(instrument) ||
      !sc_instrument_build_index(instrument) || !sc_instrument_build_keyswitches(instrument))
    return SC_FINALIZE_FAILED;
  /* after index_modulations: whether a region follows controllers decides its headroom */
  sc_instrument_set_headrooms(instrument);
  instrument->round_robin_storage =
      calloc(instrument->region_count ? instrument->region_count : 1, sizeof(uint32_t));
  if (!instrument->round_robin_storage) return SC_FINALIZE_FAILED;
  build_pedals(instrument);
  instrument->finalized = true;
  return clamped;
}

uint32_t sc_instrument_region_count(const sc_instrument *instrument) {
  return instrument ? instrument->region_count : 0;
}

uint32_t sc_instrument_sample_count(const sc_instrument *instrument) {
  return instrument ? instrument->sample_count : 0;
}

uint64_t sc_instrument_sample_bytes(const sc_instrument *instrument) {
  uint64_t bytes = 0;
  for (uint32_t i = 0; instrument && i < instrument->sample_count; i++) {
    bytes += storage_size(&instrument->samples[i]);
  }
  return bytes;
}
