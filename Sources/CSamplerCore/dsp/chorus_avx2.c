/* chorus_avx2.c - the chorus's voices (sc_chorus_voices_fn) with AVX2, chosen at chorus creation
 * when the CPU has it and FMA but not AVX-512 (sc_chorus_voices_select): 8 frames at a time, one
 * voice after another, each lane a frame. The operations are the portable kernel's, one for one
 * (no fused multiply-add where it has none), so the bytes are the same; the line's four frames
 * around each delay come by gathers, since each lane reads its own place. */
#include "dsp/chorus.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define SC_AVX2 __attribute__((target("avx2,fma")))

/* sc_chorus_sine of each lane's phase. */
SC_AVX2 static inline __m256 sine(__m256i phase) {
  /* phase + 2^30 > 2^31 unsigned: flipping the top bit turns it into a signed comparison */
  __m256i quarter = _mm256_set1_epi32(0x40000000), half = _mm256_set1_epi32((int)0x80000000u);
  __m256i fold = _mm256_cmpgt_epi32(_mm256_xor_si256(_mm256_add_epi32(phase, quarter), half),
                                    _mm256_setzero_si256());
  __m256i folded = _mm256_blendv_epi8(phase, _mm256_sub_epi32(half, phase), fold);
  __m256 x = _mm256_mul_ps(_mm256_cvtepi32_ps(folded), _mm256_set1_ps(0x1p-32f));
  __m256 z = _mm256_mul_ps(x, x);
  __m256 p = _mm256_set1_ps(SC_CHORUS_SINE_C9);
  p = _mm256_add_ps(_mm256_mul_ps(p, z), _mm256_set1_ps(SC_CHORUS_SINE_C7));
  p = _mm256_add_ps(_mm256_mul_ps(p, z), _mm256_set1_ps(SC_CHORUS_SINE_C5));
  p = _mm256_add_ps(_mm256_mul_ps(p, z), _mm256_set1_ps(SC_CHORUS_SINE_C3));
  p = _mm256_add_ps(_mm256_mul_ps(p, z), _mm256_set1_ps(SC_CHORUS_SINE_C1));
  return _mm256_mul_ps(x, p);
}

/* A ramp's value at each lane's frame `f`: sc_linear_ramp_at, whose value past the ramp is `to`
 * less nothing. */
SC_AVX2 static inline __m256 ramp(const sc_linear_ramp *r, __m256i f) {
  __m256i left = _mm256_max_epi32(_mm256_sub_epi32(_mm256_set1_epi32((int)r->left), f),
                                  _mm256_setzero_si256());
  return _mm256_sub_ps(_mm256_set1_ps(r->to),
                       _mm256_mul_ps(_mm256_set1_ps(r->step), _mm256_cvtepi32_ps(left)));
}

SC_AVX2 static void voices(const sc_chorus *c, uint32_t at, uint32_t frames, float *out_left,
                           float *out_right) {
  const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  const __m256i steps = _mm256_mullo_epi32(lanes, _mm256_set1_epi32((int)c->step));
  const __m256i mask = _mm256_set1_epi32((int)c->mask), one = _mm256_set1_epi32(1);
  const __m256 center = _mm256_set1_ps(c->center), per_ms = _mm256_set1_ps(c->frames_per_ms);
  const __m256 half = _mm256_set1_ps(0.5f), two_half = _mm256_set1_ps(2.5f);
  const __m256 two = _mm256_set1_ps(2.0f), one_half = _mm256_set1_ps(1.5f);
  const float *line = c->line;
  for (uint32_t first = 0; first < frames; first += 8) {
    uint32_t count = frames - first < 8 ? frames - first : 8;
    __m256i valid = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)count), lanes);
    __m256i f = _mm256_add_epi32(_mm256_set1_epi32((int)(at + first)), lanes);
    __m256i newest = _mm256_add_epi32(_mm256_set1_epi32((int)(c->pos + 1 + first)), lanes);
    __m256i phase =
        _mm256_add_epi32(_mm256_set1_epi32((int)(c->phase + (at + first) * c->step)), steps);
    __m256 swing = _mm256_mul_ps(ramp(&c->depth, f), per_ms);
    /* frames before the fade's end (both far below 2^31: a signed comparison) */
    __m256 fading =
        _mm256_castsi256_ps(_mm256_cmpgt_epi32(_mm256_set1_epi32((int)c->fade.left), f));
    bool any_fading = at + first < c->fade.left;
    __m256 t = ramp(&c->fade, f);
    __m256 sum_left = _mm256_setzero_ps(), sum_right = _mm256_setzero_ps();
    for (uint32_t k = 0; k < c->voices; k++) {
      __m256 s = sine(_mm256_add_epi32(phase, _mm256_set1_epi32((int)c->offset[k])));
      __m256 delay = _mm256_add_ps(center, _mm256_mul_ps(swing, s));
      __m256i back = _mm256_cvttps_epi32(delay);
      __m256 fraction = _mm256_sub_ps(delay, _mm256_cvtepi32_ps(back));
      __m256i i = _mm256_and_si256(_mm256_sub_epi32(newest, back), mask);
      __m256 y0 = _mm256_i32gather_ps(line, _mm256_and_si256(_mm256_add_epi32(i, one), mask), 4);
      __m256 y1 = _mm256_i32gather_ps(line, i, 4);
      __m256 y2 = _mm256_i32gather_ps(line, _mm256_and_si256(_mm256_sub_epi32(i, one), mask), 4);
      __m256 y3 = _mm256_i32gather_ps(
          line, _mm256_and_si256(_mm256_sub_epi32(i, _mm256_add_epi32(one, one)), mask), 4);
      __m256 a = _mm256_mul_ps(half, _mm256_sub_ps(y2, y0));
      __m256 b = _mm256_sub_ps(
          _mm256_add_ps(_mm256_sub_ps(y0, _mm256_mul_ps(two_half, y1)), _mm256_mul_ps(two, y2)),
          _mm256_mul_ps(half, y3));
      __m256 d = _mm256_add_ps(_mm256_mul_ps(half, _mm256_sub_ps(y3, y0)),
                               _mm256_mul_ps(one_half, _mm256_sub_ps(y1, y2)));
      __m256 y = _mm256_add_ps(_mm256_mul_ps(d, fraction), b);
      y = _mm256_add_ps(_mm256_mul_ps(y, fraction), a);
      y = _mm256_add_ps(_mm256_mul_ps(y, fraction), y1);
      __m256 gain_left = _mm256_set1_ps(c->gain_left[k]);
      __m256 gain_right = _mm256_set1_ps(c->gain_right[k]);
      if (any_fading) {
        __m256 faded_left =
            _mm256_add_ps(_mm256_set1_ps(c->from_left[k]),
                          _mm256_mul_ps(_mm256_set1_ps(c->gain_left[k] - c->from_left[k]), t));
        __m256 faded_right =
            _mm256_add_ps(_mm256_set1_ps(c->from_right[k]),
                          _mm256_mul_ps(_mm256_set1_ps(c->gain_right[k] - c->from_right[k]), t));
        gain_left = _mm256_blendv_ps(gain_left, faded_left, fading);
        gain_right = _mm256_blendv_ps(gain_right, faded_right, fading);
      }
      sum_left = _mm256_add_ps(sum_left, _mm256_mul_ps(gain_left, y));
      sum_right = _mm256_add_ps(sum_right, _mm256_mul_ps(gain_right, y));
    }
    float *l = out_left + first, *r = out_right + first;
    _mm256_maskstore_ps(l, valid, _mm256_add_ps(_mm256_maskload_ps(l, valid), sum_left));
    _mm256_maskstore_ps(r, valid, _mm256_add_ps(_mm256_maskload_ps(r, valid), sum_right));
  }
}

sc_chorus_voices_fn sc_chorus_voices_avx2(void) {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return voices;
  return NULL;
}

#else
sc_chorus_voices_fn sc_chorus_voices_avx2(void) { return NULL; }
#endif
