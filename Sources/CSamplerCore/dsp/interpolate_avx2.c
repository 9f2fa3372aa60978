/* interpolate_avx2.c - the interpolation kernels with AVX2 and FMA, chosen at run time when the
 * CPU has them (sc_interpolator_select). Each output frame is one short vector computation on
 * the taps it needs, which are contiguous in the interleaved sample: no gathers. */
#include "dsp/interpolate.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define SC_AVX2 __attribute__((target("avx2,fma")))

static const float fraction_scale = 1.0f / (float)SC_FRACTION_ONE;

/* The kernels are written once over `format`, a constant at each call from
 * sc_interpolate_avx2_run, so the compiler makes one copy per format. int16_t taps are widened and
 * scaled to the very floats a float sample holds. */
#define SC_KERNEL SC_AVX2 static inline __attribute__((always_inline))

/* 8 values from value `index` on. */
SC_KERNEL __m256 load8(const void *data, sc_sample_format format, int64_t index) {
  if (format == SC_SAMPLE_INT16) {
    __m128i v = _mm_loadu_si128((const __m128i *)((const int16_t *)data + index));
    return _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_cvtepi16_epi32(v)),
                         _mm256_set1_ps(SC_INT16_SCALE));
  }
  return _mm256_loadu_ps((const float *)data + index);
}

/* 4 values from value `index` on. */
SC_KERNEL __m128 load4(const void *data, sc_sample_format format, int64_t index) {
  if (format == SC_SAMPLE_INT16) {
    __m128i v = _mm_loadl_epi64((const __m128i *)((const int16_t *)data + index));
    return _mm_mul_ps(_mm_cvtepi32_ps(_mm_cvtepi16_epi32(v)), _mm_set1_ps(SC_INT16_SCALE));
  }
  return _mm_loadu_ps((const float *)data + index);
}

/* Hermite four frames at a time: the fractions of their positions, exactly as (float)fraction
 * would round them (the high and low 16 bits converted apart, joined by one fused multiply-add),
 * give the weights of taps -1 and 1 (`w02`) and of taps 0 and 2 (`w13`) for all four in one
 * vector each. Every lane computes its frame as any other lane would, and the frames after the
 * last group of four are computed as a group too (its spare lanes repeating the last frame), so
 * a frame's value never depends on where a run of frames is cut: the contract of
 * sc_interpolate_fn, which streamed voices rely on. */
SC_AVX2 static inline void hermite_weights(__m128i fractions, __m256 *w02, __m256 *w13) {
  __m128 high = _mm_cvtepi32_ps(_mm_srli_epi32(fractions, 16));
  __m128 low = _mm_cvtepi32_ps(_mm_and_si128(fractions, _mm_set1_epi32(0xffff)));
  __m128 t4 =
      _mm_mul_ps(_mm_fmadd_ps(high, _mm_set1_ps(65536.0f), low), _mm_set1_ps(fraction_scale));
  __m256 t = _mm256_setr_m128(t4, t4);
  /* the weight of each tap as a t^3 + b t^2 + c t + d: tap -1 (-0.5, 1, -0.5, 0), tap 0 (1.5,
   * -2.5, 0, 1), tap 1 (-1.5, 2, 0.5, 0), tap 2 (0.5, -0.5, 0, 0) */
  const __m256 a02 = _mm256_setr_m128(_mm_set1_ps(-0.5f), _mm_set1_ps(-1.5f));
  const __m256 b02 = _mm256_setr_m128(_mm_set1_ps(1.0f), _mm_set1_ps(2.0f));
  const __m256 c02 = _mm256_setr_m128(_mm_set1_ps(-0.5f), _mm_set1_ps(0.5f));
  const __m256 a13 = _mm256_setr_m128(_mm_set1_ps(1.5f), _mm_set1_ps(0.5f));
  const __m256 b13 = _mm256_setr_m128(_mm_set1_ps(-2.5f), _mm_set1_ps(-0.5f));
  const __m256 d13 = _mm256_setr_m128(_mm_set1_ps(1.0f), _mm_set1_ps(0.0f));
  /* tap 1's weight has no constant term, tap 0's no linear one */
  *w02 = _mm256_mul_ps(_mm256_fmadd_ps(_mm256_fmadd_ps(a02, t, b02), t, c02), t);
  *w13 = _mm256_fmadd_ps(_mm256_mul_ps(_mm256_fmadd_ps(a13, t, b13), t), t, d13);
}

/* The positions of the frames after `pos`'s, `left` of them (1...4): the spare lanes repeat the
 * last, so they read only taps the run needs. */
static inline void hermite_positions(uint64_t pos, uint64_t inc, uint32_t left, uint64_t out[4]) {
  for (uint32_t k = 0; k < 4; k++) out[k] = pos + (k < left ? k : left - 1) * inc;
}

/* The fractions (low 32 bits) of four positions. */
SC_AVX2 static inline __m128i hermite_fractions(const uint64_t p[4]) {
  return _mm_setr_epi32((int32_t)(uint32_t)p[0], (int32_t)(uint32_t)p[1], (int32_t)(uint32_t)p[2],
                        (int32_t)(uint32_t)p[3]);
}

SC_KERNEL void hermite_stereo_four(const void *data, sc_sample_format format, const uint64_t p[4],
                                   __m128i fractions, __m128 *left, __m128 *right) {
  /* each row: L R of taps -1, 0 | 1, 2 of one frame */
  __m256 v0 = load8(data, format, 2 * (int64_t)(p[0] >> SC_FRACTION_BITS) - 2);
  __m256 v1 = load8(data, format, 2 * (int64_t)(p[1] >> SC_FRACTION_BITS) - 2);
  __m256 v2 = load8(data, format, 2 * (int64_t)(p[2] >> SC_FRACTION_BITS) - 2);
  __m256 v3 = load8(data, format, 2 * (int64_t)(p[3] >> SC_FRACTION_BITS) - 2);
  __m256 w02, w13;
  hermite_weights(fractions, &w02, &w13);
  /* transposed: one tap of one channel for the four frames per half */
  __m256 t0 = _mm256_unpacklo_ps(v0, v1), t1 = _mm256_unpackhi_ps(v0, v1);
  __m256 t2 = _mm256_unpacklo_ps(v2, v3), t3 = _mm256_unpackhi_ps(v2, v3);
  __m256 l02 = _mm256_castpd_ps(_mm256_unpacklo_pd(_mm256_castps_pd(t0), _mm256_castps_pd(t2)));
  __m256 r02 = _mm256_castpd_ps(_mm256_unpackhi_pd(_mm256_castps_pd(t0), _mm256_castps_pd(t2)));
  __m256 l13 = _mm256_castpd_ps(_mm256_unpacklo_pd(_mm256_castps_pd(t1), _mm256_castps_pd(t3)));
  __m256 r13 = _mm256_castpd_ps(_mm256_unpackhi_pd(_mm256_castps_pd(t1), _mm256_castps_pd(t3)));
  __m256 sl = _mm256_fmadd_ps(w13, l13, _mm256_mul_ps(w02, l02));
  __m256 sr = _mm256_fmadd_ps(w13, r13, _mm256_mul_ps(w02, r02));
  *left = _mm_add_ps(_mm256_castps256_ps128(sl), _mm256_extractf128_ps(sl, 1));
  *right = _mm_add_ps(_mm256_castps256_ps128(sr), _mm256_extractf128_ps(sr, 1));
}

SC_KERNEL void hermite_stereo(const void *data, sc_sample_format format, uint64_t pos, uint64_t inc,
                              uint32_t count, float *left, float *right) {
  uint64_t p[4];
  __m128 l, r;
  uint32_t i = 0;
  /* the fractions of whole groups move on by four steps, wrapping as the positions' low bits do */
  hermite_positions(pos, inc, 4, p);
  __m128i fractions = hermite_fractions(p);
  const __m128i step = _mm_set1_epi32((int32_t)(uint32_t)(4 * inc));
  for (; i + 4 <= count; i += 4, pos += 4 * inc) {
    p[0] = pos, p[1] = pos + inc, p[2] = pos + 2 * inc, p[3] = pos + 3 * inc;
    hermite_stereo_four(data, format, p, fractions, &l, &r);
    fractions = _mm_add_epi32(fractions, step);
    _mm_storeu_ps(left + i, l);
    _mm_storeu_ps(right + i, r);
  }
  if (i < count) {
    hermite_positions(pos, inc, count - i, p);
    hermite_stereo_four(data, format, p, hermite_fractions(p), &l, &r);
    float out[2][4];
    _mm_storeu_ps(out[0], l);
    _mm_storeu_ps(out[1], r);
    for (uint32_t k = 0; i + k < count; k++) left[i + k] = out[0][k], right[i + k] = out[1][k];
  }
}

SC_KERNEL __m128 hermite_mono_four(const void *data, sc_sample_format format, const uint64_t p[4],
                                   __m128i fractions) {
  /* each row: taps -1, 0, 1, 2 of one frame */
  __m128 v0 = load4(data, format, (int64_t)(p[0] >> SC_FRACTION_BITS) - 1);
  __m128 v1 = load4(data, format, (int64_t)(p[1] >> SC_FRACTION_BITS) - 1);
  __m128 v2 = load4(data, format, (int64_t)(p[2] >> SC_FRACTION_BITS) - 1);
  __m128 v3 = load4(data, format, (int64_t)(p[3] >> SC_FRACTION_BITS) - 1);
  __m256 w02, w13;
  hermite_weights(fractions, &w02, &w13);
  __m128 t0 = _mm_unpacklo_ps(v0, v1), t1 = _mm_unpackhi_ps(v0, v1);
  __m128 t2 = _mm_unpacklo_ps(v2, v3), t3 = _mm_unpackhi_ps(v2, v3);
  __m256 x02 = _mm256_setr_m128(_mm_movelh_ps(t0, t2), _mm_movelh_ps(t1, t3));
  __m256 x13 = _mm256_setr_m128(_mm_movehl_ps(t2, t0), _mm_movehl_ps(t3, t1));
  __m256 s = _mm256_fmadd_ps(w13, x13, _mm256_mul_ps(w02, x02));
  return _mm_add_ps(_mm256_castps256_ps128(s), _mm256_extractf128_ps(s, 1));
}

SC_KERNEL void hermite_mono(const void *data, sc_sample_format format, uint64_t pos, uint64_t inc,
                            uint32_t count, float *left, float *right) {
  uint64_t p[4];
  uint32_t i = 0;
  hermite_positions(pos, inc, 4, p);
  __m128i fractions = hermite_fractions(p);
  const __m128i step = _mm_set1_epi32((int32_t)(uint32_t)(4 * inc));
  for (; i + 4 <= count; i += 4, pos += 4 * inc) {
    p[0] = pos, p[1] = pos + inc, p[2] = pos + 2 * inc, p[3] = pos + 3 * inc;
    __m128 y = hermite_mono_four(data, format, p, fractions);
    fractions = _mm_add_epi32(fractions, step);
    _mm_storeu_ps(left + i, y);
    _mm_storeu_ps(right + i, y);
  }
  if (i < count) {
    hermite_positions(pos, inc, count - i, p);
    float out[4];
    _mm_storeu_ps(out, hermite_mono_four(data, format, p, hermite_fractions(p)));
    for (uint32_t k = 0; i + k < count; k++) left[i + k] = right[i + k] = out[k];
  }
}

SC_KERNEL void linear_stereo(const void *data, sc_sample_format format, uint64_t pos, uint64_t inc,
                             uint32_t count, float *left, float *right) {
  for (uint32_t i = 0; i < count; i++, pos += inc) {
    int64_t f = 2 * (int64_t)(pos >> SC_FRACTION_BITS);
    __m128 t = _mm_set1_ps((float)(pos & (SC_FRACTION_ONE - 1)) * fraction_scale);
    __m128 x = load4(data, format, f); /* L0 R0 L1 R1 */
    __m128 next = _mm_movehl_ps(x, x);
    __m128 y = _mm_fmadd_ps(t, _mm_sub_ps(next, x), x);
    left[i] = _mm_cvtss_f32(y);
    right[i] = _mm_cvtss_f32(_mm_shuffle_ps(y, y, 1));
  }
}

/* The polyphase sinc: blend two phase rows, then one multiply-add per tap pair. */
SC_AVX2 static inline void sinc_row(const sc_sinc_table *sinc, uint64_t pos, __m256 *lo,
                                    __m256 *hi) {
  uint32_t frac = (uint32_t)(pos & (SC_FRACTION_ONE - 1));
  uint32_t phase = frac >> (SC_FRACTION_BITS - SC_SINC_PHASE_BITS);
  float blend = (float)(frac & ((1u << (SC_FRACTION_BITS - SC_SINC_PHASE_BITS)) - 1)) *
                (1.0f / (float)(1u << (SC_FRACTION_BITS - SC_SINC_PHASE_BITS)));
  const float *row = sinc->coeffs + phase * SC_SINC_TAPS;
  __m256 t = _mm256_set1_ps(blend);
  __m256 a0 = _mm256_loadu_ps(row), a1 = _mm256_loadu_ps(row + 8);
  __m256 b0 = _mm256_loadu_ps(row + SC_SINC_TAPS), b1 = _mm256_loadu_ps(row + SC_SINC_TAPS + 8);
  *lo = _mm256_fmadd_ps(t, _mm256_sub_ps(b0, a0), a0);
  *hi = _mm256_fmadd_ps(t, _mm256_sub_ps(b1, a1), a1);
}

SC_AVX2 static inline float sum8(__m256 v) {
  __m128 q = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  q = _mm_add_ps(q, _mm_movehl_ps(q, q));
  return _mm_cvtss_f32(_mm_add_ss(q, _mm_shuffle_ps(q, q, 1)));
}

SC_KERNEL void sinc_mono(const sc_sinc_table *sinc, const void *data, sc_sample_format format,
                         uint64_t pos, uint64_t inc, uint32_t count, float *left, float *right) {
  for (uint32_t i = 0; i < count; i++, pos += inc) {
    int64_t f = (int64_t)(pos >> SC_FRACTION_BITS) - (SC_SINC_TAPS / 2 - 1);
    __m256 lo, hi;
    sinc_row(sinc, pos, &lo, &hi);
    __m256 acc = _mm256_mul_ps(lo, load8(data, format, f));
    acc = _mm256_fmadd_ps(hi, load8(data, format, f + 8), acc);
    left[i] = right[i] = sum8(acc);
  }
}

SC_KERNEL void sinc_stereo(const sc_sinc_table *sinc, const void *data, sc_sample_format format,
                           uint64_t pos, uint64_t inc, uint32_t count, float *left, float *right) {
  for (uint32_t i = 0; i < count; i++, pos += inc) {
    /* a signed index: near the start the taps reach back into the padding */
    int64_t f = 2 * (int64_t)(pos >> SC_FRACTION_BITS) - 2 * (SC_SINC_TAPS / 2 - 1);
    __m256 lo, hi;
    sinc_row(sinc, pos, &lo, &hi);
    /* duplicate each coefficient for the L and R of its frame: c0 c0 c1 c1 ... */
    __m256 lo_a = _mm256_unpacklo_ps(lo, lo), lo_b = _mm256_unpackhi_ps(lo, lo);
    __m256 hi_a = _mm256_unpacklo_ps(hi, hi), hi_b = _mm256_unpackhi_ps(hi, hi);
    __m256 c0 = _mm256_permute2f128_ps(lo_a, lo_b, 0x20),
           c1 = _mm256_permute2f128_ps(lo_a, lo_b, 0x31);
    __m256 c2 = _mm256_permute2f128_ps(hi_a, hi_b, 0x20),
           c3 = _mm256_permute2f128_ps(hi_a, hi_b, 0x31);
    __m256 acc = _mm256_mul_ps(c0, load8(data, format, f));
    acc = _mm256_fmadd_ps(c1, load8(data, format, f + 8), acc);
    acc = _mm256_fmadd_ps(c2, load8(data, format, f + 16), acc);
    acc = _mm256_fmadd_ps(c3, load8(data, format, f + 24), acc);
    __m128 q = _mm_add_ps(_mm256_castps256_ps128(acc), _mm256_extractf128_ps(acc, 1));
    q = _mm_add_ps(q, _mm_movehl_ps(q, q)); /* L R in the low lanes */
    left[i] = _mm_cvtss_f32(q);
    right[i] = _mm_cvtss_f32(_mm_shuffle_ps(q, q, 1));
  }
}

SC_KERNEL void kernels(sc_quality quality, const sc_sinc_table *sinc, const void *data,
                       sc_sample_format format, uint32_t channels, uint64_t pos, uint64_t inc,
                       uint32_t count, float *left, float *right) {
  switch (quality) {
    case SC_QUALITY_LINEAR:
      if (channels == 2) {
        linear_stereo(data, format, pos, inc, count, left, right);
        return;
      }
      break; /* mono linear is already cheap in plain C */
    case SC_QUALITY_HERMITE:
      if (channels == 2)
        hermite_stereo(data, format, pos, inc, count, left, right);
      else
        hermite_mono(data, format, pos, inc, count, left, right);
      return;
    case SC_QUALITY_SINC:
      if (channels == 2)
        sinc_stereo(sinc, data, format, pos, inc, count, left, right);
      else
        sinc_mono(sinc, data, format, pos, inc, count, left, right);
      return;
  }
  sc_frames frames = {data, format, channels};
  sc_interpolate_portable(quality, sinc, frames, pos, inc, count, left, right);
}

SC_AVX2 void sc_interpolate_avx2_run(sc_quality quality, const sc_sinc_table *sinc,
                                     sc_frames frames, uint64_t pos, uint64_t inc, uint32_t count,
                                     float *left, float *right) {
  if (frames.format == SC_SAMPLE_INT16)
    kernels(quality, sinc, frames.data, SC_SAMPLE_INT16, frames.channels, pos, inc, count, left,
            right);
  else
    kernels(quality, sinc, frames.data, SC_SAMPLE_FLOAT32, frames.channels, pos, inc, count, left,
            right);
}

sc_interpolate_fn sc_interpolate_avx2(void) {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    return sc_interpolate_avx2_run;
  return NULL;
}

#else
sc_interpolate_fn sc_interpolate_avx2(void) { return NULL; }
#endif
