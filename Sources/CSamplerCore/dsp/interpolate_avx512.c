/* interpolate_avx512.c - Hermite interpolation of mono samples 16 frames at a time with
 * AVX-512, chosen at run time when the CPU has it (sc_interpolator_select); everything else, and
 * the frames a group of 16 cannot take, goes to the AVX2 kernels (interpolate_avx2.c).
 *
 * At the pitch ratios of most notes (below about 1.86) the taps of 16 consecutive
 * frames lie within 32 consecutive sample values: one masked load brings them all (the mask keeps
 * it from reaching past the taps the frames need, so it never reads outside the padded buffer),
 * and each of the four taps of the 16 frames is one two-register permutation of them, where the
 * AVX2 kernel loads four taps per frame. The weights and sums are the AVX2 kernel's operations,
 * lane for lane and in the same order, so every frame has the same bits either way, which the
 * contract of sc_interpolate_fn (a run cut anywhere gives the same frames) needs. */
#include "dsp/interpolate.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define SC_AVX512 __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl,fma")))

/* The 32 sample values from `first` on, those from `count` on read as 0 (and not read at all),
 * as two registers of 16 floats. */
SC_AVX512 static inline void load32(const void *data, sc_sample_format format, int64_t first,
                                    uint32_t count, __m512 *low, __m512 *high) {
  __mmask32 mask = count >= 32 ? 0xffffffffu : ((uint32_t)1 << count) - 1;
  if (format == SC_SAMPLE_INT16) {
    __m512i v = _mm512_maskz_loadu_epi16(mask, (const int16_t *)data + first);
    const __m512 scale = _mm512_set1_ps(SC_INT16_SCALE);
    *low =
        _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_cvtepi16_epi32(_mm512_castsi512_si256(v))), scale);
    *high = _mm512_mul_ps(
        _mm512_cvtepi32_ps(_mm512_cvtepi16_epi32(_mm512_extracti64x4_epi64(v, 1))), scale);
    return;
  }
  const float *f = (const float *)data + first;
  *low = _mm512_maskz_loadu_ps((__mmask16)mask, f);
  *high = _mm512_maskz_loadu_ps((__mmask16)(mask >> 16), f + 16);
}

/* 16 frames from positions `p_low` (frames 0-7) and `p_high` (8-15), the first of them at
 * whole position `whole`, into both sides of a mono voice; false, with nothing written, when
 * their taps span more than 32 values. */
SC_AVX512 static inline bool hermite_mono_16(const void *data, sc_sample_format format,
                                             uint64_t whole, __m512i p_low, __m512i p_high,
                                             float *left, float *right) {
  __m512i whole_low = _mm512_srli_epi64(p_low, SC_FRACTION_BITS);
  __m512i whole_high = _mm512_srli_epi64(p_high, SC_FRACTION_BITS);
  uint64_t last = (uint64_t)_mm_extract_epi64(_mm512_extracti64x2_epi64(whole_high, 3), 1);
  /* taps -1 ... 2 of every frame: from whole - 1 to last + 2 */
  uint64_t span = last - whole + 4;
  if (span > 32) return false;
  __m512 low, high;
  load32(data, format, (int64_t)whole - 1, (uint32_t)span, &low, &high);
  /* each frame's tap -1 among the 32 values, and its fraction (the low 32 bits of its position,
   * which truncating each 64-bit lane keeps) */
  __m512i base = _mm512_set1_epi64((int64_t)whole);
  __m512i offsets = _mm512_inserti64x4(
      _mm512_castsi256_si512(_mm512_cvtepi64_epi32(_mm512_sub_epi64(whole_low, base))),
      _mm512_cvtepi64_epi32(_mm512_sub_epi64(whole_high, base)), 1);
  __m512i fractions = _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi64_epi32(p_low)),
                                         _mm512_cvtepi64_epi32(p_high), 1);
  const __m512i one = _mm512_set1_epi32(1);
  __m512 x0 = _mm512_permutex2var_ps(low, offsets, high); /* tap -1 */
  __m512i at = _mm512_add_epi32(offsets, one);
  __m512 x1 = _mm512_permutex2var_ps(low, at, high); /* tap 0 */
  at = _mm512_add_epi32(at, one);
  __m512 x2 = _mm512_permutex2var_ps(low, at, high); /* tap 1 */
  at = _mm512_add_epi32(at, one);
  __m512 x3 = _mm512_permutex2var_ps(low, at, high); /* tap 2 */
  /* the fraction as (float)fraction rounds it: high and low 16 bits joined by one multiply-add */
  __m512 hi16 = _mm512_cvtepi32_ps(_mm512_srli_epi32(fractions, 16));
  __m512 lo16 = _mm512_cvtepi32_ps(_mm512_and_si512(fractions, _mm512_set1_epi32(0xffff)));
  __m512 t = _mm512_mul_ps(_mm512_fmadd_ps(hi16, _mm512_set1_ps(65536.0f), lo16),
                           _mm512_set1_ps(1.0f / (float)SC_FRACTION_ONE));
  /* the weights as a t^3 + b t^2 + c t + d, evaluated as the AVX2 kernel does */
  __m512 w0 =
      _mm512_mul_ps(_mm512_fmadd_ps(_mm512_fmadd_ps(_mm512_set1_ps(-0.5f), t, _mm512_set1_ps(1.0f)),
                                    t, _mm512_set1_ps(-0.5f)),
                    t);
  __m512 w2 =
      _mm512_mul_ps(_mm512_fmadd_ps(_mm512_fmadd_ps(_mm512_set1_ps(-1.5f), t, _mm512_set1_ps(2.0f)),
                                    t, _mm512_set1_ps(0.5f)),
                    t);
  __m512 w1 = _mm512_fmadd_ps(
      _mm512_mul_ps(_mm512_fmadd_ps(_mm512_set1_ps(1.5f), t, _mm512_set1_ps(-2.5f)), t), t,
      _mm512_set1_ps(1.0f));
  __m512 w3 = _mm512_fmadd_ps(
      _mm512_mul_ps(_mm512_fmadd_ps(_mm512_set1_ps(0.5f), t, _mm512_set1_ps(-0.5f)), t), t,
      _mm512_set1_ps(0.0f));
  __m512 near = _mm512_fmadd_ps(w1, x1, _mm512_mul_ps(w0, x0));
  __m512 far = _mm512_fmadd_ps(w3, x3, _mm512_mul_ps(w2, x2));
  __m512 y = _mm512_add_ps(near, far);
  _mm512_storeu_ps(left, y);
  _mm512_storeu_ps(right, y);
  return true;
}

SC_AVX512 static void hermite_mono(sc_frames frames, uint64_t pos, uint64_t inc, uint32_t count,
                                   float *left, float *right) {
  uint32_t i = 0;
  __m512i steps = _mm512_mullo_epi64(_mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7),
                                     _mm512_set1_epi64((int64_t)inc));
  for (; i + 16 <= count; i += 16) {
    uint64_t at = pos + i * inc;
    __m512i p_low = _mm512_add_epi64(_mm512_set1_epi64((int64_t)at), steps);
    __m512i p_high = _mm512_add_epi64(p_low, _mm512_set1_epi64((int64_t)(8 * inc)));
    if (!hermite_mono_16(frames.data, frames.format, at >> SC_FRACTION_BITS, p_low, p_high,
                         left + i, right + i))
      break;
  }
  if (i < count)
    sc_interpolate_avx2_run(SC_QUALITY_HERMITE, NULL, frames, pos + i * inc, inc, count - i,
                            left + i, right + i);
}

static void dispatch(sc_quality quality, const sc_sinc_table *sinc, sc_frames frames, uint64_t pos,
                     uint64_t inc, uint32_t count, float *left, float *right) {
  if (quality == SC_QUALITY_HERMITE && frames.channels == 1 && count >= 16)
    hermite_mono(frames, pos, inc, count, left, right);
  else
    sc_interpolate_avx2_run(quality, sinc, frames, pos, inc, count, left, right);
}

sc_interpolate_fn sc_interpolate_avx512(void) {
  __builtin_cpu_init();
  if (!(__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl")))
    return NULL;
  /* every CPU with AVX-512 has AVX2 and FMA, which the rest is left to */
  return sc_interpolate_avx2() ? dispatch : NULL;
}

#else
sc_interpolate_fn sc_interpolate_avx512(void) { return NULL; }
#endif
