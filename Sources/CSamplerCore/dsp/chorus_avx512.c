/* chorus_avx512.c - the chorus's voices (sc_chorus_voices_fn) with AVX-512, chosen at chorus
 * creation when the CPU has it (sc_chorus_voices_select): 16 frames at a time, one voice after
 * another, each lane a frame. The operations are the portable kernel's, one for one (no fused
 * multiply-add where it has none), so the bytes are the same; the line's four frames around each
 * delay come by gathers, since each lane reads its own place. */
#include "dsp/chorus.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define SC_AVX512 __attribute__((target("avx512f,avx512dq,avx512vl")))

/* sc_chorus_sine of each lane's phase. */
SC_AVX512 static inline __m512 sine(__m512i phase) {
  __m512i quarter = _mm512_set1_epi32(0x40000000), half = _mm512_set1_epi32((int)0x80000000u);
  __mmask16 fold = _mm512_cmpgt_epu32_mask(_mm512_add_epi32(phase, quarter), half);
  __m512i folded = _mm512_mask_sub_epi32(phase, fold, half, phase);
  __m512 x = _mm512_mul_ps(_mm512_cvtepi32_ps(folded), _mm512_set1_ps(0x1p-32f));
  __m512 z = _mm512_mul_ps(x, x);
  __m512 p = _mm512_set1_ps(SC_CHORUS_SINE_C9);
  p = _mm512_add_ps(_mm512_mul_ps(p, z), _mm512_set1_ps(SC_CHORUS_SINE_C7));
  p = _mm512_add_ps(_mm512_mul_ps(p, z), _mm512_set1_ps(SC_CHORUS_SINE_C5));
  p = _mm512_add_ps(_mm512_mul_ps(p, z), _mm512_set1_ps(SC_CHORUS_SINE_C3));
  p = _mm512_add_ps(_mm512_mul_ps(p, z), _mm512_set1_ps(SC_CHORUS_SINE_C1));
  return _mm512_mul_ps(x, p);
}

/* A ramp's value at each lane's frame `f`: sc_linear_ramp_at, whose value past the ramp is `to`
 * less nothing. */
SC_AVX512 static inline __m512 ramp(const sc_linear_ramp *r, __m512i f) {
  __m512i left = _mm512_max_epi32(_mm512_sub_epi32(_mm512_set1_epi32((int)r->left), f),
                                  _mm512_setzero_si512());
  return _mm512_sub_ps(_mm512_set1_ps(r->to),
                       _mm512_mul_ps(_mm512_set1_ps(r->step), _mm512_cvtepi32_ps(left)));
}

SC_AVX512 static void voices(const sc_chorus *c, uint32_t at, uint32_t frames, float *out_left,
                             float *out_right) {
  const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m512i steps = _mm512_mullo_epi32(lanes, _mm512_set1_epi32((int)c->step));
  const __m512i mask = _mm512_set1_epi32((int)c->mask), one = _mm512_set1_epi32(1);
  const __m512 center = _mm512_set1_ps(c->center), per_ms = _mm512_set1_ps(c->frames_per_ms);
  const __m512 half = _mm512_set1_ps(0.5f), two_half = _mm512_set1_ps(2.5f);
  const __m512 two = _mm512_set1_ps(2.0f), one_half = _mm512_set1_ps(1.5f);
  const float *line = c->line;
  for (uint32_t first = 0; first < frames; first += 16) {
    uint32_t count = frames - first < 16 ? frames - first : 16;
    __mmask16 valid = (__mmask16)((1u << count) - 1u);
    __m512i f = _mm512_add_epi32(_mm512_set1_epi32((int)(at + first)), lanes);
    __m512i newest = _mm512_add_epi32(_mm512_set1_epi32((int)(c->pos + 1 + first)), lanes);
    __m512i phase =
        _mm512_add_epi32(_mm512_set1_epi32((int)(c->phase + (at + first) * c->step)), steps);
    __m512 swing = _mm512_mul_ps(ramp(&c->depth, f), per_ms);
    __mmask16 fading = _mm512_cmplt_epu32_mask(f, _mm512_set1_epi32((int)c->fade.left));
    __m512 t = ramp(&c->fade, f);
    __m512 sum_left = _mm512_setzero_ps(), sum_right = _mm512_setzero_ps();
    for (uint32_t k = 0; k < c->voices; k++) {
      __m512 s = sine(_mm512_add_epi32(phase, _mm512_set1_epi32((int)c->offset[k])));
      __m512 delay = _mm512_add_ps(center, _mm512_mul_ps(swing, s));
      __m512i back = _mm512_cvttps_epi32(delay);
      __m512 fraction = _mm512_sub_ps(delay, _mm512_cvtepi32_ps(back));
      __m512i i = _mm512_and_si512(_mm512_sub_epi32(newest, back), mask);
      __m512 y0 = _mm512_i32gather_ps(_mm512_and_si512(_mm512_add_epi32(i, one), mask), line, 4);
      __m512 y1 = _mm512_i32gather_ps(i, line, 4);
      __m512 y2 = _mm512_i32gather_ps(_mm512_and_si512(_mm512_sub_epi32(i, one), mask), line, 4);
      __m512 y3 = _mm512_i32gather_ps(
          _mm512_and_si512(_mm512_sub_epi32(i, _mm512_add_epi32(one, one)), mask), line, 4);
      __m512 a = _mm512_mul_ps(half, _mm512_sub_ps(y2, y0));
      __m512 b = _mm512_sub_ps(
          _mm512_add_ps(_mm512_sub_ps(y0, _mm512_mul_ps(two_half, y1)), _mm512_mul_ps(two, y2)),
          _mm512_mul_ps(half, y3));
      __m512 d = _mm512_add_ps(_mm512_mul_ps(half, _mm512_sub_ps(y3, y0)),
                               _mm512_mul_ps(one_half, _mm512_sub_ps(y1, y2)));
      __m512 y = _mm512_add_ps(_mm512_mul_ps(d, fraction), b);
      y = _mm512_add_ps(_mm512_mul_ps(y, fraction), a);
      y = _mm512_add_ps(_mm512_mul_ps(y, fraction), y1);
      __m512 gain_left = _mm512_set1_ps(c->gain_left[k]);
      __m512 gain_right = _mm512_set1_ps(c->gain_right[k]);
      if (fading) {
        __m512 from_left = _mm512_set1_ps(c->from_left[k]);
        __m512 from_right = _mm512_set1_ps(c->from_right[k]);
        gain_left =
            _mm512_mask_add_ps(gain_left, fading, from_left,
                               _mm512_mul_ps(_mm512_set1_ps(c->gain_left[k] - c->from_left[k]), t));
        gain_right = _mm512_mask_add_ps(
            gain_right, fading, from_right,
            _mm512_mul_ps(_mm512_set1_ps(c->gain_right[k] - c->from_right[k]), t));
      }
      sum_left = _mm512_add_ps(sum_left, _mm512_mul_ps(gain_left, y));
      sum_right = _mm512_add_ps(sum_right, _mm512_mul_ps(gain_right, y));
    }
    float *l = out_left + first, *r = out_right + first;
    _mm512_mask_storeu_ps(l, valid, _mm512_add_ps(_mm512_maskz_loadu_ps(valid, l), sum_left));
    _mm512_mask_storeu_ps(r, valid, _mm512_add_ps(_mm512_maskz_loadu_ps(valid, r), sum_right));
  }
}

sc_chorus_voices_fn sc_chorus_voices_avx512(void) {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512vl"))
    return voices;
  return NULL;
}

#else
sc_chorus_voices_fn sc_chorus_voices_avx512(void) { return NULL; }
#endif
