/* interpolate.c - reading a sample between its frames: linear, 4-point cubic Hermite and a
 * Kaiser-windowed sinc from a precomputed polyphase table. */
#include <math.h>
#include <stdlib.h>

#include "dsp/interpolate.h"
#include "dsp/dsp_math.h"

#define SC_SINC_HALF (SC_SINC_TAPS / 2)
#define SC_PHASE_BITS SC_SINC_PHASE_BITS

static const float fraction_scale = 1.0f / (float)SC_FRACTION_ONE;

static double bessel_i0(double x) {
  double sum = 1.0, term = 1.0;
  for (int k = 1; k < 50; k++) {
    term *= (x / (2.0 * k)) * (x / (2.0 * k));
    sum += term;
    if (term < 1e-12 * sum) break;
  }
  return sum;
}

bool sc_sinc_table_init(sc_sinc_table *table) {
  size_t count = (size_t)(SC_SINC_PHASES + 1) * SC_SINC_TAPS;
  table->coeffs = malloc(count * sizeof(float));
  if (!table->coeffs) return false;
  double norm = bessel_i0(SC_SINC_KAISER_BETA);
  table->overshoot = 1.0f;
  for (int p = 0; p <= SC_SINC_PHASES; p++) {
    double frac = (double)p / SC_SINC_PHASES;
    double row[SC_SINC_TAPS], sum = 0.0;
    for (int j = 0; j < SC_SINC_TAPS; j++) {
      double x = (j - (SC_SINC_HALF - 1)) - frac;
      double sinc = fabs(x) < 1e-12 ? 1.0 : sin(SC_PI * x) / (SC_PI * x);
      double r = x / SC_SINC_HALF;
      double window =
          fabs(r) >= 1.0 ? 0.0 : bessel_i0(SC_SINC_KAISER_BETA * sqrt(1.0 - r * r)) / norm;
      row[j] = sinc * window;
      sum += row[j];
    }
    /* unity gain at DC for every phase, so a constant signal stays constant */
    float magnitudes = 0.0f;
    for (int j = 0; j < SC_SINC_TAPS; j++) {
      table->coeffs[p * SC_SINC_TAPS + j] = (float)(row[j] / sum);
      magnitudes += fabsf(table->coeffs[p * SC_SINC_TAPS + j]);
    }
    if (magnitudes > table->overshoot) table->overshoot = magnitudes;
  }
  return true;
}

void sc_sinc_table_free(sc_sinc_table *table) {
  free(table->coeffs);
  table->coeffs = NULL;
}

static inline float hermite(float xm1, float x0, float x1, float x2, float t) {
  float c1 = 0.5f * (x1 - xm1);
  float c2 = xm1 - 2.5f * x0 + 2.0f * x1 - 0.5f * x2;
  float c3 = 0.5f * (x2 - xm1) + 1.5f * (x0 - x1);
  return ((c3 * t + c2) * t + c1) * t + x0;
}

/* Blends two adjacent phase rows of the sinc table into `out`. */
static inline void sinc_coeffs(const sc_sinc_table *sinc, uint64_t pos, float *out) {
  uint32_t frac = (uint32_t)(pos & (SC_FRACTION_ONE - 1));
  uint32_t phase = frac >> (SC_FRACTION_BITS - SC_PHASE_BITS);
  float blend = (float)(frac & ((1u << (SC_FRACTION_BITS - SC_PHASE_BITS)) - 1)) *
                (1.0f / (float)(1u << (SC_FRACTION_BITS - SC_PHASE_BITS)));
  const float *a = sinc->coeffs + phase * SC_SINC_TAPS;
  const float *b = a + SC_SINC_TAPS;
  for (int j = 0; j < SC_SINC_TAPS; j++) out[j] = a[j] + blend * (b[j] - a[j]);
}

/* Sample value `index` (counted in values, not frames) as a float; `format` is a constant at
 * every call, so each kernel below is compiled once per format. */
static inline __attribute__((always_inline)) float tap(const void *data, sc_sample_format format,
                                                       int64_t index) {
  if (format == SC_SAMPLE_INT16) return (float)((const int16_t *)data)[index] * SC_INT16_SCALE;
  return ((const float *)data)[index];
}

static inline __attribute__((always_inline)) void portable(
    sc_quality quality, const sc_sinc_table *sinc, const void *data, sc_sample_format format,
    uint32_t channels, uint64_t pos, uint64_t inc, uint32_t count, float *left, float *right) {
  int64_t stride = channels;
  for (uint32_t i = 0; i < count; i++, pos += inc) {
    int64_t at = (int64_t)(pos >> SC_FRACTION_BITS) * stride;
    float t = (float)(pos & (SC_FRACTION_ONE - 1)) * fraction_scale;
    float out[2] = {0.0f, 0.0f};
    if (quality == SC_QUALITY_SINC) {
      /* taps outside, channels inside: both channels' sums advance together over adjacent
       * values, which clang vectorises at -O2 (with the channel loop outside it needed -O3);
       * each channel still adds its taps in the same order, so the bits are the same */
      float c[SC_SINC_TAPS];
      sinc_coeffs(sinc, pos, c);
      int64_t base = at - (SC_SINC_HALF - 1) * stride;
      for (int j = 0; j < SC_SINC_TAPS; j++)
        for (uint32_t ch = 0; ch < channels; ch++)
          out[ch] += c[j] * tap(data, format, base + j * stride + ch);
    } else {
      for (uint32_t ch = 0; ch < channels; ch++) {
        int64_t f = at + ch;
        if (quality == SC_QUALITY_LINEAR) {
          float x0 = tap(data, format, f), x1 = tap(data, format, f + stride);
          out[ch] = x0 + t * (x1 - x0);
        } else {
          out[ch] = hermite(tap(data, format, f - stride), tap(data, format, f),
                            tap(data, format, f + stride), tap(data, format, f + 2 * stride), t);
        }
      }
    }
    left[i] = out[0];
    right[i] = channels == 2 ? out[1] : out[0];
  }
}

/* portable() with `quality` a constant too. */
static inline __attribute__((always_inline)) void portable_quality(
    sc_quality quality, const sc_sinc_table *sinc, const void *data, sc_sample_format format,
    uint32_t channels, uint64_t pos, uint64_t inc, uint32_t count, float *left, float *right) {
  switch (quality) {
    case SC_QUALITY_LINEAR:
      portable(SC_QUALITY_LINEAR, sinc, data, format, channels, pos, inc, count, left, right);
      return;
    case SC_QUALITY_HERMITE:
      portable(SC_QUALITY_HERMITE, sinc, data, format, channels, pos, inc, count, left, right);
      return;
    default:
      portable(SC_QUALITY_SINC, sinc, data, format, channels, pos, inc, count, left, right);
      return;
  }
}

/* portable() with `format` and `channels` constants as well: each of the twelve loops is
 * compiled on its own, with no per-frame test of the quality and no loop over the channels. */
static inline __attribute__((always_inline)) void portable_channels(
    sc_quality quality, const sc_sinc_table *sinc, const void *data, sc_sample_format format,
    uint32_t channels, uint64_t pos, uint64_t inc, uint32_t count, float *left, float *right) {
  if (channels == 1)
    portable_quality(quality, sinc, data, format, 1, pos, inc, count, left, right);
  else
    portable_quality(quality, sinc, data, format, 2, pos, inc, count, left, right);
}

void sc_interpolate_portable(sc_quality quality, const sc_sinc_table *sinc, sc_frames frames,
                             uint64_t pos, uint64_t inc, uint32_t count, float *left,
                             float *right) {
  if (frames.format == SC_SAMPLE_INT16)
    portable_channels(quality, sinc, frames.data, SC_SAMPLE_INT16, frames.channels, pos, inc, count,
                      left, right);
  else
    portable_channels(quality, sinc, frames.data, SC_SAMPLE_FLOAT32, frames.channels, pos, inc,
                      count, left, right);
}

static inline int64_t fold(const sc_loop_fold *fold, int64_t index) {
  int64_t length = fold->loop_end - fold->loop_start + 1;
  if (index > fold->loop_end)
    index = fold->mirror_right ? 2 * fold->loop_end - index : index - length;
  if (fold->fold_left && index < fold->loop_start)
    index = fold->mirror_left ? 2 * fold->loop_start - index : index + length;
  return index;
}

void sc_interpolate_folded(sc_quality quality, const sc_sinc_table *sinc, sc_frames frames,
                           uint64_t pos, const sc_loop_fold *loop, float *left, float *right) {
  uint32_t channels = frames.channels;
  uint32_t reach_left, reach_right;
  sc_interpolation_reach(quality, &reach_left, &reach_right);
  int64_t index = (int64_t)(pos >> SC_FRACTION_BITS);
  float taps[2][SC_SINC_TAPS];
  uint32_t width = reach_left + reach_right + 1;
  for (uint32_t j = 0; j < width; j++) {
    int64_t at = fold(loop, index - (int64_t)reach_left + j);
    for (uint32_t ch = 0; ch < channels; ch++)
      taps[ch][j] = tap(frames.data, frames.format, at * channels + ch);
  }
  float t = (float)(pos & (SC_FRACTION_ONE - 1)) * fraction_scale;
  float out[2];
  float c[SC_SINC_TAPS];
  if (quality == SC_QUALITY_SINC) sinc_coeffs(sinc, pos, c);
  for (uint32_t ch = 0; ch < channels; ch++) {
    const float *x = taps[ch];
    if (quality == SC_QUALITY_LINEAR) {
      out[ch] = x[0] + t * (x[1] - x[0]);
    } else if (quality == SC_QUALITY_HERMITE) {
      out[ch] = hermite(x[0], x[1], x[2], x[3], t);
    } else {
      float y = 0.0f;
      for (int j = 0; j < SC_SINC_TAPS; j++) y += c[j] * x[j];
      out[ch] = y;
    }
  }
  *left = out[0];
  *right = channels == 2 ? out[1] : out[0];
}

sc_interpolate_fn sc_interpolator_select(bool portable) {
  sc_interpolate_fn fast = portable ? NULL : sc_interpolate_avx512();
  if (!fast && !portable) fast = sc_interpolate_avx2();
  return fast ? fast : sc_interpolate_portable;
}
