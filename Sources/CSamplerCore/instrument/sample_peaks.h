/* sample_peaks.h - how loud what is left of a sample can be (sample_peaks.c): for each block of
 * SC_SAMPLE_PEAK_BLOCK_FRAMES frames, the largest magnitude from that block to the sample's end,
 * so a voice can tell that nothing it has still to play could be heard (voice/audibility.h). */
#ifndef SC_SAMPLE_PEAKS_H
#define SC_SAMPLE_PEAKS_H

#include <math.h>

#include "instrument/instrument.h"

/* Builds the sample's table of tail peaks; a streamed sample, whose frames past the resident ones
 * are on disk, gets none. Returns false when out of memory. [control] */
bool sc_sample_peaks_build(sc_sample *sample);

/* The largest magnitude of any frame (either side) from `frame` to the sample's end: 0 past its
 * last frame, infinite when the sample has no table. Whole blocks: the block holding `frame`
 * counts from its first frame. [render] */
static inline float sc_sample_tail_peak(const sc_sample *sample, uint64_t frame) {
  if (!sample->tail_peaks) return INFINITY;
  if (frame >= sample->resident_frames) return 0.0f;
  return sample->tail_peaks[frame / SC_SAMPLE_PEAK_BLOCK_FRAMES];
}

#endif
