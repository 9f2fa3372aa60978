/* filter_avx2.c - the two-pole filters four frames at a time with AVX2 and FMA, chosen at engine
 * creation when the CPU has them (sc_filter_select). From the state at frame n and four inputs,
 * the four outputs of both channels are one vector of weighted sums (sc_filter_coeffs's
 * four-frame constants), and the state four frames on is another: the recursion's chain of
 * dependent operations is paid once per four frames instead of once per two. One-pole types,
 * and the frames after the last group of four, run the plain C code. */
#include "dsp/filter.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define SC_AVX2 __attribute__((target("avx2,fma")))

/* The inputs shifted `bytes` later within each channel's half, zeros coming in. */
#define SC_SHIFTED(x, bytes) _mm256_castsi256_ps(_mm256_slli_si256(_mm256_castps_si256(x), bytes))

SC_AVX2 static void two_pole_fours(const sc_filter_coeffs *c, sc_filter_state *state, float *left,
                                   float *right, uint32_t fours) {
  /* outputs: frames n...n+3 of the left channel, then of the right */
  const __m128 first =
      _mm_setr_ps(c->out_state[0][0], c->out_state[1][0], c->out_state[2][0], c->out_state[3][0]);
  const __m128 second =
      _mm_setr_ps(c->out_state[0][1], c->out_state[1][1], c->out_state[2][1], c->out_state[3][1]);
  const __m256 w1 = _mm256_setr_m128(first, first), w2 = _mm256_setr_m128(second, second);
  const __m256 h0 = _mm256_set1_ps(c->out_input[0]), h1 = _mm256_set1_ps(c->out_input[1]);
  const __m256 h2 = _mm256_set1_ps(c->out_input[2]), h3 = _mm256_set1_ps(c->out_input[3]);
  const __m256i spread1 = _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1);
  const __m256i spread2 = _mm256_setr_epi32(2, 2, 2, 2, 3, 3, 3, 3);
  /* the state: first state left, right, second state left, right */
  const __m128 p1 = _mm_setr_ps(c->next_state[0][0], c->next_state[0][0], c->next_state[1][0],
                                c->next_state[1][0]);
  const __m128 p2 = _mm_setr_ps(c->next_state[0][1], c->next_state[0][1], c->next_state[1][1],
                                c->next_state[1][1]);
  __m128 g[4];
  for (int j = 0; j < 4; j++)
    g[j] = _mm_setr_ps(c->next_input[j][0], c->next_input[j][0], c->next_input[j][1],
                       c->next_input[j][1]);
  __m128 s = _mm_setr_ps(state->s1[0], state->s1[1], state->s2[0], state->s2[1]);
  for (uint32_t q = 0; q < fours; q++) {
    float *l = left + 4 * q, *r = right ? right + 4 * q : l;
    __m128 xl = _mm_loadu_ps(l), xr = _mm_loadu_ps(r);
    __m256 x = _mm256_setr_m128(xl, xr);
    __m256 s1 = _mm256_permutevar8x32_ps(_mm256_castps128_ps256(s), spread1);
    __m256 s2 = _mm256_permutevar8x32_ps(_mm256_castps128_ps256(s), spread2);
    __m256 from_state = _mm256_fmadd_ps(w2, s2, _mm256_mul_ps(w1, s1));
    __m256 near = _mm256_fmadd_ps(h1, SC_SHIFTED(x, 4), _mm256_mul_ps(h0, x));
    __m256 far = _mm256_fmadd_ps(h3, SC_SHIFTED(x, 12), _mm256_mul_ps(h2, SC_SHIFTED(x, 8)));
    __m256 y = _mm256_add_ps(from_state, _mm256_add_ps(near, far));
    _mm_storeu_ps(l, _mm256_castps256_ps128(y));
    if (right) _mm_storeu_ps(r, _mm256_extractf128_ps(y, 1));
    /* each input of the four, left and right, for both states */
    __m128 low = _mm_unpacklo_ps(xl, xr), high = _mm_unpackhi_ps(xl, xr);
    __m128 in = _mm_mul_ps(g[0], _mm_movelh_ps(low, low));
    in = _mm_fmadd_ps(g[1], _mm_movehl_ps(low, low), in);
    in = _mm_fmadd_ps(g[2], _mm_movelh_ps(high, high), in);
    in = _mm_fmadd_ps(g[3], _mm_movehl_ps(high, high), in);
    s = _mm_fmadd_ps(p1, _mm_movelh_ps(s, s), _mm_fmadd_ps(p2, _mm_movehl_ps(s, s), in));
  }
  float out[4];
  _mm_storeu_ps(out, s);
  state->s1[0] = out[0], state->s2[0] = out[2];
  /* a mono voice's right state is not its own: its lanes followed the left input */
  if (right) state->s1[1] = out[1], state->s2[1] = out[3];
}

SC_AVX2 static void process(sc_filter_type type, const sc_filter_coeffs *c, sc_filter_state *s,
                            float *left, float *right, uint32_t frames) {
  uint32_t fours = frames / 4;
  if (type == SC_FILTER_NONE || type == SC_FILTER_LPF_1P || type == SC_FILTER_HPF_1P ||
      fours == 0) {
    sc_filter_process(type, c, s, left, right, frames);
    return;
  }
  two_pole_fours(c, s, left, right, fours);
  uint32_t done = 4 * fours;
  if (done < frames)
    sc_filter_process(type, c, s, left + done, right ? right + done : NULL, frames - done);
}

sc_filter_fn sc_filter_avx2(void) {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return process;
  return NULL;
}

#else
sc_filter_fn sc_filter_avx2(void) { return NULL; }
#endif
