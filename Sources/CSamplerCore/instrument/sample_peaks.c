/* sample_peaks.c - the tail peaks of a sample's frames; see sample_peaks.h. */
#include <stdlib.h>

#include "dsp/interpolate.h"
#include "instrument/sample_peaks.h"

/* The largest magnitude among values first ... last - 1 of the interleaved frames. */
static float block_peak(const sc_sample *s, uint64_t first, uint64_t last) {
  float peak = 0.0f;
  if (s->format == SC_SAMPLE_INT16) {
    const int16_t *x = s->frames;
    int32_t largest = 0;
    for (uint64_t i = first; i < last; i++) {
      int32_t m = x[i] < 0 ? -(int32_t)x[i] : x[i];
      if (m > largest) largest = m;
    }
    peak = (float)largest * SC_INT16_SCALE;
  } else {
    const float *x = s->frames;
    for (uint64_t i = first; i < last; i++) {
      float m = fabsf(x[i]);
      /* a NaN counts as infinitely loud: a sample holding one never gets a bound */
      if (!(m <= peak)) peak = isnan(m) ? INFINITY : m;
    }
  }
  return peak;
}

bool sc_sample_peaks_build(sc_sample *s) {
  s->tail_peaks = NULL;
  if (s->resident_frames < s->frame_count || s->resident_frames == 0) return true;
  uint64_t blocks = (s->resident_frames - 1) / SC_SAMPLE_PEAK_BLOCK_FRAMES + 1;
  float *peaks = malloc(blocks * sizeof *peaks);
  if (!peaks) return false;
  for (uint64_t b = 0; b < blocks; b++) {
    uint64_t first = b * SC_SAMPLE_PEAK_BLOCK_FRAMES, last = first + SC_SAMPLE_PEAK_BLOCK_FRAMES;
    if (last > s->resident_frames) last = s->resident_frames;
    peaks[b] = block_peak(s, first * s->channels, last * s->channels);
  }
  /* each block's peak becomes the largest from it to the end */
  for (uint64_t b = blocks - 1; b > 0; b--)
    if (!(peaks[b - 1] >= peaks[b])) peaks[b - 1] = peaks[b];
  s->tail_peaks = peaks;
  return true;
}
