/* reverb_avx2.c - the reverb's network (sc_reverb_network_fn) with AVX2 and FMA, chosen at reverb
 * creation when the CPU has them but not AVX-512 (sc_reverb_network_select). The 16 lines fill
 * two registers, lines 0-7 and 8-15: a frame's absorption filters are two products and a sum per
 * register, and the Hadamard transform's butterflies are a lane permutation and a multiply-add by
 * +-1 within each register (h = 1, 2, 4), then the two registers' sum and difference (h = 8):
 * exactly the sums and differences the portable code forms, in the same order, so the bytes are
 * the same. 8 frames of each 8 lines are turned into 8 frames of lines by transposes in
 * registers. */
#include "dsp/reverb.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define SC_AVX2 __attribute__((target("avx2,fma")))

_Static_assert(SC_REVERB_BLOCK % 8 == 0, "the kernel reads and writes the block 8 frames wide");

/* v[k] = column k of the 8 x 8 matrix whose rows v held. */
SC_AVX2 static inline void transpose(__m256 v[8]) {
  __m256 t[8], u[8];
  for (int i = 0; i < 8; i += 2) {
    t[i] = _mm256_unpacklo_ps(v[i], v[i + 1]);
    t[i + 1] = _mm256_unpackhi_ps(v[i], v[i + 1]);
  }
  for (int i = 0; i < 8; i += 4) {
    u[i] = _mm256_shuffle_ps(t[i], t[i + 2], 0x44);
    u[i + 1] = _mm256_shuffle_ps(t[i], t[i + 2], 0xEE);
    u[i + 2] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0x44);
    u[i + 3] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
  }
  for (int m = 0; m < 4; m++) {
    v[m] = _mm256_permute2f128_ps(u[m], u[4 + m], 0x20);
    v[4 + m] = _mm256_permute2f128_ps(u[m], u[4 + m], 0x31);
  }
}

typedef struct {
  __m256 feed[2], pole[2], quarter, sign1, sign2, sign4;
} constants;

/* One frame: the filters' next state from the lines' outputs `x` (lines 0-7, 8-15), and its
 * Hadamard transform over 4, in place. */
SC_AVX2 static inline void frame(const constants *c, __m256 low[2], __m256 x[2]) {
  for (int half = 0; half < 2; half++) {
    low[half] = _mm256_add_ps(_mm256_mul_ps(c->feed[half], x[half]),
                              _mm256_mul_ps(c->pole[half], low[half]));
    __m256 s = low[half];
    s = _mm256_fmadd_ps(s, c->sign1, _mm256_permute_ps(s, 0xB1));
    s = _mm256_fmadd_ps(s, c->sign2, _mm256_permute_ps(s, 0x4E));
    x[half] = _mm256_fmadd_ps(s, c->sign4, _mm256_permute2f128_ps(s, s, 0x01));
  }
  __m256 sum = _mm256_add_ps(x[0], x[1]), difference = _mm256_sub_ps(x[0], x[1]);
  x[0] = _mm256_mul_ps(sum, c->quarter);
  x[1] = _mm256_mul_ps(difference, c->quarter);
}

SC_AVX2 static void network(float *block, float low[SC_REVERB_LINES],
                            const float feed[SC_REVERB_LINES], const float pole[SC_REVERB_LINES],
                            uint32_t frames) {
  const float p = 1.0f, n = -1.0f;
  const constants c = {
      {_mm256_loadu_ps(feed), _mm256_loadu_ps(feed + 8)},
      {_mm256_loadu_ps(pole), _mm256_loadu_ps(pole + 8)},
      _mm256_set1_ps(0.25f),
      _mm256_setr_ps(p, n, p, n, p, n, p, n),
      _mm256_setr_ps(p, p, n, n, p, p, n, n),
      _mm256_setr_ps(p, p, p, p, n, n, n, n),
  };
  __m256 state[2] = {_mm256_loadu_ps(low), _mm256_loadu_ps(low + 8)};
  for (uint32_t first = 0; first < frames; first += 8) {
    /* lines 0-7 of the 8 frames, then lines 8-15 */
    __m256 v[2][8];
    for (int half = 0; half < 2; half++) {
      for (int k = 0; k < 8; k++)
        v[half][k] = _mm256_load_ps(block + (size_t)(8 * half + k) * SC_REVERB_BLOCK + first);
      transpose(v[half]);
    }
    uint32_t count = frames - first;
    if (count >= 8) {
      for (int j = 0; j < 8; j++) {
        __m256 x[2] = {v[0][j], v[1][j]};
        frame(&c, state, x);
        v[0][j] = x[0], v[1][j] = x[1];
      }
    } else {
      /* the last frames: the frames after them are the block's spare room, left as they are */
      for (uint32_t j = 0; j < count; j++) {
        __m256 x[2] = {v[0][j], v[1][j]};
        frame(&c, state, x);
        v[0][j] = x[0], v[1][j] = x[1];
      }
    }
    for (int half = 0; half < 2; half++) {
      transpose(v[half]);
      for (int k = 0; k < 8; k++)
        _mm256_store_ps(block + (size_t)(8 * half + k) * SC_REVERB_BLOCK + first, v[half][k]);
    }
  }
  _mm256_storeu_ps(low, state[0]);
  _mm256_storeu_ps(low + 8, state[1]);
}

sc_reverb_network_fn sc_reverb_network_avx2(void) {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return network;
  return NULL;
}

#else
sc_reverb_network_fn sc_reverb_network_avx2(void) { return NULL; }
#endif
