/* reverb_avx512.c - the reverb's network (sc_reverb_network_fn) with AVX-512, chosen at reverb
 * creation when the CPU has it (sc_reverb_network_select). The 16 lines fill one register: a
 * frame's absorption filters are two products and a sum, and the Hadamard transform four
 * butterflies, each a lane permutation and a multiply-add by +-1 (exactly the sum or the
 * difference the portable code forms, in the same order, so the bytes are the same). The block
 * holds each line's frames in a row; 16 frames of the 16 lines are turned into 16 frames of
 * lines by a transpose in registers, which costs less than gathering each frame's 16 values. */
#include "dsp/reverb.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define SC_AVX512 __attribute__((target("avx512f,avx512dq,avx512vl")))

_Static_assert(SC_REVERB_BLOCK % 16 == 0, "the kernel reads and writes the block 16 frames wide");

/* v[k] = column k of the 16 x 16 matrix whose rows v held. */
SC_AVX512 static inline void transpose(__m512 v[16]) {
  __m512 t[16], u[16];
  for (int i = 0; i < 16; i += 2) {
    t[i] = _mm512_unpacklo_ps(v[i], v[i + 1]);
    t[i + 1] = _mm512_unpackhi_ps(v[i], v[i + 1]);
  }
  /* u[4i + m]: in 128-bit lane L, column 4L + m of rows 4i...4i+3 */
  for (int i = 0; i < 16; i += 4) {
    __m512d a = _mm512_castps_pd(t[i]), b = _mm512_castps_pd(t[i + 2]);
    __m512d c = _mm512_castps_pd(t[i + 1]), d = _mm512_castps_pd(t[i + 3]);
    u[i] = _mm512_castpd_ps(_mm512_unpacklo_pd(a, b));
    u[i + 1] = _mm512_castpd_ps(_mm512_unpackhi_pd(a, b));
    u[i + 2] = _mm512_castpd_ps(_mm512_unpacklo_pd(c, d));
    u[i + 3] = _mm512_castpd_ps(_mm512_unpackhi_pd(c, d));
  }
  for (int m = 0; m < 4; m++) {
    __m512 even = _mm512_shuffle_f32x4(u[m], u[4 + m], 0x88);
    __m512 odd = _mm512_shuffle_f32x4(u[m], u[4 + m], 0xDD);
    __m512 even2 = _mm512_shuffle_f32x4(u[8 + m], u[12 + m], 0x88);
    __m512 odd2 = _mm512_shuffle_f32x4(u[8 + m], u[12 + m], 0xDD);
    v[m] = _mm512_shuffle_f32x4(even, even2, 0x88);
    v[8 + m] = _mm512_shuffle_f32x4(even, even2, 0xDD);
    v[4 + m] = _mm512_shuffle_f32x4(odd, odd2, 0x88);
    v[12 + m] = _mm512_shuffle_f32x4(odd, odd2, 0xDD);
  }
}

typedef struct {
  __m512 feed, pole, quarter, sign1, sign2, sign4, sign8;
} constants;

/* One frame: the filters' next state from the lines' outputs `x`, and its Hadamard transform
 * over 4. Butterfly h: lane j (bit h clear) gets x[j] + x[j + h], lane j + h gets x[j] - x[j + h]:
 * the lane's own value times +-1 plus its partner's. */
SC_AVX512 static inline __m512 frame(const constants *c, __m512 *low, __m512 x) {
  *low = _mm512_add_ps(_mm512_mul_ps(c->feed, x), _mm512_mul_ps(c->pole, *low));
  __m512 s = *low;
  s = _mm512_fmadd_ps(s, c->sign1, _mm512_permute_ps(s, 0xB1));
  s = _mm512_fmadd_ps(s, c->sign2, _mm512_permute_ps(s, 0x4E));
  s = _mm512_fmadd_ps(s, c->sign4, _mm512_shuffle_f32x4(s, s, 0xB1));
  s = _mm512_fmadd_ps(s, c->sign8, _mm512_shuffle_f32x4(s, s, 0x4E));
  return _mm512_mul_ps(s, c->quarter);
}

SC_AVX512 static void network(float *block, float low[SC_REVERB_LINES],
                              const float feed[SC_REVERB_LINES], const float pole[SC_REVERB_LINES],
                              uint32_t frames) {
  const float p = 1.0f, n = -1.0f;
  const constants c = {
      _mm512_loadu_ps(feed),
      _mm512_loadu_ps(pole),
      _mm512_set1_ps(0.25f),
      _mm512_setr_ps(p, n, p, n, p, n, p, n, p, n, p, n, p, n, p, n),
      _mm512_setr_ps(p, p, n, n, p, p, n, n, p, p, n, n, p, p, n, n),
      _mm512_setr_ps(p, p, p, p, n, n, n, n, p, p, p, p, n, n, n, n),
      _mm512_setr_ps(p, p, p, p, p, p, p, p, n, n, n, n, n, n, n, n),
  };
  __m512 state = _mm512_loadu_ps(low);
  for (uint32_t first = 0; first < frames; first += 16) {
    __m512 v[16];
    for (int k = 0; k < 16; k++) v[k] = _mm512_load_ps(block + (size_t)k * SC_REVERB_BLOCK + first);
    transpose(v);
    uint32_t count = frames - first;
    if (count >= 16) {
      for (int j = 0; j < 16; j++) v[j] = frame(&c, &state, v[j]);
    } else {
      /* the last frames: the frames after them are the block's spare room, left as they are */
      for (uint32_t j = 0; j < count; j++) v[j] = frame(&c, &state, v[j]);
    }
    transpose(v);
    for (int k = 0; k < 16; k++) _mm512_store_ps(block + (size_t)k * SC_REVERB_BLOCK + first, v[k]);
  }
  _mm512_storeu_ps(low, state);
}

sc_reverb_network_fn sc_reverb_network_avx512(void) {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512vl"))
    return network;
  return NULL;
}

#else
sc_reverb_network_fn sc_reverb_network_avx512(void) { return NULL; }
#endif
