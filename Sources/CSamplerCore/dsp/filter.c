/* filter.c - the per-voice resonant filter. The two-pole types are a trapezoidal state-variable
 * filter, the one-pole types a trapezoidal one-pole: both stay stable at any cutoff below Nyquist
 * and under fast modulation, which direct-form biquads do not. */
#include <math.h>
#include <string.h>

#include "dsp/filter.h"
#include "config.h"
#include "dsp/dsp_math.h"

float sc_filter_damping(double resonance_db) {
  /* Resonance is the two-pole low- or high-pass filter's gain at its cutoff, in dB (corpus/spec
   * syntax.yml: "the filter cutoff resonance value, in decibels"; ARIA and sfizz agree): that
   * gain is Q, so 0 dB is Q = 1 and Butterworth is -3 dB. Band-pass and notch keep unity gain
   * at the centre and take the same Q. The filter uses k = 1/Q. */
  double db = resonance_db < -SC_FILTER_RESONANCE_MAX_DB  ? -SC_FILTER_RESONANCE_MAX_DB
              : resonance_db > SC_FILTER_RESONANCE_MAX_DB ? SC_FILTER_RESONANCE_MAX_DB
                                                          : resonance_db;
  return (float)pow(10.0, -db / 20.0);
}

float sc_filter_damping_peak(double peak_db) {
  /* A two-pole low-pass with Q above 1/sqrt 2 peaks below its cutoff at P = Q / sqrt(1 - 1/(4
   * Q^2)); solved for Q, Q^2 = (P^2 + P sqrt(P^2 - 1)) / 2, which is 1/2 at P = 1 and tends to P,
   * so from a few dB on the gain at the cutoff itself (Q) is close to the peak's. */
  double db = peak_db > SC_FILTER_RESONANCE_MAX_DB ? SC_FILTER_RESONANCE_MAX_DB : peak_db;
  double p = pow(10.0, db / 20.0);
  if (!(p > 1.0)) return (float)SC_SQRT2;
  double q2 = (p * p + p * sqrt(p * p - 1.0)) / 2.0;
  return (float)(1.0 / sqrt(q2));
}

float sc_filter_peak_gain(sc_filter_type type, float damping) {
  switch (type) {
    case SC_FILTER_NONE:
    case SC_FILTER_LPF_1P:
    case SC_FILTER_HPF_1P:
    case SC_FILTER_BPF_2P: /* unity at the centre, less elsewhere */
    case SC_FILTER_BRF_2P: return 1.0f;
    case SC_FILTER_LPF_2P:
    case SC_FILTER_HPF_2P: {
      /* Q / sqrt(1 - 1/(4 Q^2)) above Q = 1/sqrt 2, as sc_filter_damping_peak solves; the
       * trapezoidal filter maps the analog response onto the digital one without changing its
       * heights, so the peak is the analog one */
      double q = 1.0 / damping;
      return q * q > 0.5 ? (float)(q / sqrt(1.0 - 1.0 / (4.0 * q * q))) : 1.0f;
    }
    default: return INFINITY;
  }
}

/* The constants of four frames at a time (sc_filter_coeffs) from the recursion's own, in double. */
static void four_frames(sc_filter_coeffs *c, const double m[2][2], const double b[2],
                        const double out[2], double d) {
  /* out M^k and M^k b follow from the step before them (row times M, M times column): two
   * small recursions instead of the powers M^k themselves, and M^4 from M^2 squared */
  double row[2] = {out[0], out[1]}; /* out M^k */
  double col[2] = {b[0], b[1]};     /* M^k b */
  double input[4][2];
  for (int k = 0; k < 4; k++) {
    c->out_state[k][0] = (float)row[0];
    c->out_state[k][1] = (float)row[1];
    input[k][0] = col[0];
    input[k][1] = col[1];
    double r0 = row[0] * m[0][0] + row[1] * m[1][0], r1 = row[0] * m[0][1] + row[1] * m[1][1];
    double c0 = m[0][0] * col[0] + m[0][1] * col[1], c1 = m[1][0] * col[0] + m[1][1] * col[1];
    row[0] = r0, row[1] = r1, col[0] = c0, col[1] = c1;
  }
  double sq[2][2] = {
      {m[0][0] * m[0][0] + m[0][1] * m[1][0], m[0][0] * m[0][1] + m[0][1] * m[1][1]},
      {m[1][0] * m[0][0] + m[1][1] * m[1][0], m[1][0] * m[0][1] + m[1][1] * m[1][1]}};
  c->next_state[0][0] = (float)(sq[0][0] * sq[0][0] + sq[0][1] * sq[1][0]);
  c->next_state[0][1] = (float)(sq[0][0] * sq[0][1] + sq[0][1] * sq[1][1]);
  c->next_state[1][0] = (float)(sq[1][0] * sq[0][0] + sq[1][1] * sq[1][0]);
  c->next_state[1][1] = (float)(sq[1][0] * sq[0][1] + sq[1][1] * sq[1][1]);
  c->out_input[0] = (float)d;
  for (int k = 1; k < 4; k++)
    c->out_input[k] = (float)(out[0] * input[k - 1][0] + out[1] * input[k - 1][1]);
  for (int j = 0; j < 4; j++) {
    c->next_input[j][0] = (float)input[3 - j][0];
    c->next_input[j][1] = (float)input[3 - j][1];
  }
}

/* The trapezoidal state-variable filter, rewritten as a state-space recursion: each new state
 * is a weighted sum of the two old states and the input, which halves the chain of dependent
 * operations per sample compared with evaluating the filter's stages in turn. Every two-pole
 * response is the same recursion with its own output weights. */
void sc_filter_coeffs_compute(sc_filter_coeffs *c, sc_filter_type type, double cutoff,
                              float damping, double sample_rate) {
  double nyquist_guard = 0.499 * sample_rate;
  if (cutoff > nyquist_guard) cutoff = nyquist_guard;
  if (cutoff < 1.0) cutoff = 1.0;
  /* g = tan(pi f / rate) = n / d, so 1 / (1 + g (g + k)) = d^2 / (d^2 + n (n + k d)): the
   * trapezoidal filter's three gains with one division */
  double n, dn;
  sc_tan_quadrant(SC_PI * cutoff / sample_rate, &n, &dn);
  double k = damping;
  double scale = 1.0 / (dn * dn + n * (n + k * dn));
  double a1 = dn * dn * scale, a2 = n * dn * scale, a3 = n * n * scale;
  c->m11 = (float)(2.0 * a1 - 1.0);
  c->m12 = (float)(-2.0 * a2);
  c->b1 = (float)(2.0 * a2);
  c->m21 = (float)(2.0 * a2);
  c->m22 = (float)(1.0 - 2.0 * a3);
  c->b2 = (float)(2.0 * a3);
  double c1, c2, d;
  switch (type) {
    case SC_FILTER_HPF_2P: /* x - k v1 - v2 */
      c1 = -k * a1 - a2, c2 = k * a2 - (1.0 - a3), d = 1.0 - k * a2 - a3;
      break;
    case SC_FILTER_BPF_2P: /* k v1: unity gain at the centre */
      c1 = k * a1, c2 = -k * a2, d = k * a2;
      break;
    case SC_FILTER_BRF_2P: /* x - k v1 */ c1 = -k * a1, c2 = k * a2, d = 1.0 - k * a2; break;
    case SC_FILTER_LPF_1P:
    case SC_FILTER_HPF_1P: {
      /* one pole: s' = (1 - 2G) s + 2G x, low = (1 - G) s + G x, high = x - low */
      double G = n / (dn + n); /* g / (1 + g) */
      bool high = type == SC_FILTER_HPF_1P;
      c->m11 = (float)(1.0 - 2.0 * G);
      c->b1 = (float)(2.0 * G);
      c1 = high ? -(1.0 - G) : 1.0 - G, c2 = 0.0, d = high ? 1.0 - G : G;
      break;
    }
    default: /* low-pass: v2 */ c1 = a2, c2 = 1.0 - a3, d = a3; break;
  }
  c->c1 = (float)c1;
  c->c2 = (float)c2;
  c->d = (float)d;
  if (type != SC_FILTER_LPF_1P && type != SC_FILTER_HPF_1P)
    four_frames(c, (double[2][2]){{2.0 * a1 - 1.0, -2.0 * a2}, {2.0 * a2, 1.0 - 2.0 * a3}},
                (double[2]){2.0 * a2, 2.0 * a3}, (double[2]){c1, c2}, d);
}

void sc_filter_coeffs_svf(sc_filter_coeffs *c, double g, double k, double m0, double m1,
                          double m2) {
  /* band v1 = a1 s1 + a2 (x - s2) and low v2 = s2 + a2 s1 + a3 (x - s2), as above */
  double a1 = 1.0 / (1.0 + g * (g + k)), a2 = g * a1, a3 = g * a2;
  double m[2][2] = {{2.0 * a1 - 1.0, -2.0 * a2}, {2.0 * a2, 1.0 - 2.0 * a3}};
  double b[2] = {2.0 * a2, 2.0 * a3};
  double out[2] = {m1 * a1 + m2 * a2, -m1 * a2 + m2 * (1.0 - a3)};
  double d = m0 + m1 * a2 + m2 * a3;
  c->m11 = (float)m[0][0], c->m12 = (float)m[0][1], c->b1 = (float)b[0];
  c->m21 = (float)m[1][0], c->m22 = (float)m[1][1], c->b2 = (float)b[1];
  c->c1 = (float)out[0], c->c2 = (float)out[1], c->d = (float)d;
  four_frames(c, m, b, out, d);
}

/* The two-pole recursion's constants for a block, including those of the two-sample step:
 * s(n+2) = M^2 s(n) + M b x(n) + b x(n+1), so the chain of dependent operations is paid once per
 * pair of samples; s(n+1), needed only for the output, is off that chain. */
typedef struct two_pole {
  float m11, m12, m21, m22, b1, b2, c1, c2, d;
  float q11, q12, q21, q22, p1, p2;
} two_pole;

static inline void two_pole_pair(const two_pole *k, float *s1, float *s2, float *x) {
  float x0 = x[0], x1 = x[1], a = *s1, b = *s2;
  float m1 = k->m11 * a + k->m12 * b + k->b1 * x0, m2 = k->m21 * a + k->m22 * b + k->b2 * x0;
  x[0] = k->c1 * a + k->c2 * b + k->d * x0;
  x[1] = k->c1 * m1 + k->c2 * m2 + k->d * x1;
  *s1 = (k->q11 * a + k->q12 * b) + (k->p1 * x0 + k->b1 * x1);
  *s2 = (k->q21 * a + k->q22 * b) + (k->p2 * x0 + k->b2 * x1);
}

static inline void two_pole_one(const two_pole *k, float *s1, float *s2, float *x) {
  float x0 = *x, a = *s1, b = *s2;
  *x = k->c1 * a + k->c2 * b + k->d * x0;
  *s1 = k->m11 * a + k->m12 * b + k->b1 * x0;
  *s2 = k->m21 * a + k->m22 * b + k->b2 * x0;
}

/* Stereo two-pole pairs with both channels, and both states, in the lanes of one vector: each
 * lane does the very operations, in the very order, that two_pole_pair does for its channel
 * and state, so the results are the same bits at a third of the instructions. */
typedef float sc_f4 __attribute__((vector_size(16)));
typedef float sc_f2 __attribute__((vector_size(8)));

/* two_pole's constants laid out for the lanes (first state L, first state R, second state L,
 * second state R), or for the outputs (y(n) L, y(n) R, y(n+1) L, y(n+1) R). */
typedef struct two_pole_lanes {
  sc_f4 m1, m2, b, q1, q2, p, c1, c2, d;
} two_pole_lanes;

static two_pole_lanes lanes_of(const two_pole *k) {
  return (two_pole_lanes){.m1 = {k->m11, k->m11, k->m21, k->m21},
                          .m2 = {k->m12, k->m12, k->m22, k->m22},
                          .b = {k->b1, k->b1, k->b2, k->b2},
                          .q1 = {k->q11, k->q11, k->q21, k->q21},
                          .q2 = {k->q12, k->q12, k->q22, k->q22},
                          .p = {k->p1, k->p1, k->p2, k->p2},
                          .c1 = {k->c1, k->c1, k->c1, k->c1},
                          .c2 = {k->c2, k->c2, k->c2, k->c2},
                          .d = {k->d, k->d, k->d, k->d}};
}

static inline void two_pole_pair_stereo(const two_pole_lanes *k, sc_f4 *state, float *left,
                                        float *right) {
  sc_f2 l, r;
  memcpy(&l, left, sizeof l);
  memcpy(&r, right, sizeof r);
  sc_f4 w = __builtin_shufflevector(l, r, 0, 2, 1, 3); /* x(n) L, x(n) R, x(n+1) L, x(n+1) R */
  sc_f4 x0 = __builtin_shufflevector(w, w, 0, 1, 0, 1);
  sc_f4 x1 = __builtin_shufflevector(w, w, 2, 3, 2, 3);
  sc_f4 s = *state;
  sc_f4 a = __builtin_shufflevector(s, s, 0, 1, 0, 1);
  sc_f4 b = __builtin_shufflevector(s, s, 2, 3, 2, 3);
  sc_f4 m = k->m1 * a + k->m2 * b + k->b * x0;         /* s(n+1): first L, R, second L, R */
  sc_f4 u = __builtin_shufflevector(a, m, 0, 1, 4, 5); /* first state at n, n+1 */
  sc_f4 v = __builtin_shufflevector(b, m, 0, 1, 6, 7); /* second state at n, n+1 */
  sc_f4 y = k->c1 * u + k->c2 * v + k->d * w;
  *state = (k->q1 * a + k->q2 * b) + (k->p * x0 + k->b * x1);
  sc_f2 yl = __builtin_shufflevector(y, y, 0, 2), yr = __builtin_shufflevector(y, y, 1, 3);
  memcpy(left, &yl, sizeof yl);
  memcpy(right, &yr, sizeof yr);
}

static inline void one_pole(const sc_filter_coeffs *c, float *s, float *x) {
  float x0 = *x;
  *x = c->c1 * *s + c->d * x0;
  *s = c->m11 * *s + c->b1 * x0;
}

void sc_filter_process(sc_filter_type type, const sc_filter_coeffs *c, sc_filter_state *state,
                       float *restrict left, float *restrict right, uint32_t frames) {
  if (type == SC_FILTER_NONE) return;
  /* both channels run in the same loop: their recursions are independent, so their latencies
   * overlap instead of adding up. The mono and stereo loops are written apart so that no frame
   * tests `right` (at -O2, which is what SwiftPM gives C targets in release, clang does not
   * unswitch the loops itself). */
  if (type == SC_FILTER_LPF_1P || type == SC_FILTER_HPF_1P) {
    float sl = state->s1[0], sr = state->s1[1];
    if (right) {
      for (uint32_t i = 0; i < frames; i++) {
        one_pole(c, &sl, &left[i]);
        one_pole(c, &sr, &right[i]);
      }
    } else {
      for (uint32_t i = 0; i < frames; i++) one_pole(c, &sl, &left[i]);
    }
    state->s1[0] = sl, state->s1[1] = sr;
    return;
  }
  two_pole k = {c->m11, c->m12, c->m21, c->m22, c->b1, c->b2, c->c1, c->c2, c->d};
  k.q11 = k.m11 * k.m11 + k.m12 * k.m21, k.q12 = k.m11 * k.m12 + k.m12 * k.m22;
  k.q21 = k.m21 * k.m11 + k.m22 * k.m21, k.q22 = k.m21 * k.m12 + k.m22 * k.m22;
  k.p1 = k.m11 * k.b1 + k.m12 * k.b2, k.p2 = k.m21 * k.b1 + k.m22 * k.b2;
  float l1 = state->s1[0], l2 = state->s2[0], r1 = state->s1[1], r2 = state->s2[1];
  uint32_t i = 0;
  if (right) {
    two_pole_lanes lanes = lanes_of(&k);
    sc_f4 s = {l1, r1, l2, r2};
    for (; i + 1 < frames; i += 2) two_pole_pair_stereo(&lanes, &s, &left[i], &right[i]);
    l1 = s[0], r1 = s[1], l2 = s[2], r2 = s[3];
  } else {
    for (; i + 1 < frames; i += 2) two_pole_pair(&k, &l1, &l2, &left[i]);
  }
  for (; i < frames; i++) {
    two_pole_one(&k, &l1, &l2, &left[i]);
    if (right) two_pole_one(&k, &r1, &r2, &right[i]);
  }
  state->s1[0] = l1, state->s2[0] = l2, state->s1[1] = r1, state->s2[1] = r2;
}

sc_filter_fn sc_filter_select(bool portable) {
  sc_filter_fn fast = portable ? NULL : sc_filter_avx2();
  return fast ? fast : sc_filter_process;
}
