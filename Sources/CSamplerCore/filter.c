/* filter.c - the per-voice resonant filter. The two-pole types are a trapezoidal state-variable
 * filter, the one-pole types a trapezoidal one-pole: both stay stable at any cutoff below Nyquist
 * and under fast modulation, which direct-form biquads do not. */
#include <math.h>

#include "internal.h"

float sc_filter_damping(double resonance_db) {
  /* Resonance is the height of the response's peak above the pass band, in dB. A two-pole
   * peak of height P needs Q^2 = (P^2 + P sqrt(P^2 - 1)) / 2: Butterworth (Q = 1/sqrt 2) at
   * 0 dB, Q close to P for strong resonance. The filter uses k = 1/Q. */
  double peak = pow(10.0, (resonance_db > 0.0 ? resonance_db : 0.0) / 20.0);
  return (float)(1.0 / sqrt((peak * peak + peak * sqrt(peak * peak - 1.0)) / 2.0));
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
  double g = tan(SC_PI * cutoff / sample_rate);
  double k = damping;
  double a1 = 1.0 / (1.0 + g * (g + k)), a2 = g * a1, a3 = g * a2;
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
      double G = g / (1.0 + g);
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
}

void sc_filter_process(sc_filter_type type, const sc_filter_coeffs *c, sc_filter_state *state,
                       float *restrict left, float *restrict right, uint32_t frames) {
  const float m11 = c->m11, m12 = c->m12, m21 = c->m21, m22 = c->m22, b1 = c->b1, b2 = c->b2;
  const float c1 = c->c1, c2 = c->c2, d = c->d;
  if (type == SC_FILTER_NONE) return;
  if (type == SC_FILTER_LPF_1P || type == SC_FILTER_HPF_1P) {
    float sl = state->s1[0], sr = state->s1[1];
    for (uint32_t i = 0; i < frames; i++) {
      float xl = left[i];
      left[i] = c1 * sl + d * xl;
      sl = m11 * sl + b1 * xl;
      if (right) {
        float xr = right[i];
        right[i] = c1 * sr + d * xr;
        sr = m11 * sr + b1 * xr;
      }
    }
    state->s1[0] = sl, state->s1[1] = sr;
    return;
  }
  float l1 = state->s1[0], l2 = state->s2[0], r1 = state->s1[1], r2 = state->s2[1];
  /* Two samples per step: s(n+2) = M^2 s(n) + M b x(n) + b x(n+1), so the chain of dependent
   * operations is paid once per pair; s(n+1), needed only for the output, is off that chain. */
  const float q11 = m11 * m11 + m12 * m21, q12 = m11 * m12 + m12 * m22;
  const float q21 = m21 * m11 + m22 * m21, q22 = m21 * m12 + m22 * m22;
  const float p1 = m11 * b1 + m12 * b2, p2 = m21 * b1 + m22 * b2;
  uint32_t i = 0;
  for (; i + 1 < frames; i += 2) {
    float xl0 = left[i], xl1 = left[i + 1];
    float ml1 = m11 * l1 + m12 * l2 + b1 * xl0, ml2 = m21 * l1 + m22 * l2 + b2 * xl0;
    left[i] = c1 * l1 + c2 * l2 + d * xl0;
    left[i + 1] = c1 * ml1 + c2 * ml2 + d * xl1;
    float nl1 = (q11 * l1 + q12 * l2) + (p1 * xl0 + b1 * xl1);
    float nl2 = (q21 * l1 + q22 * l2) + (p2 * xl0 + b2 * xl1);
    l1 = nl1, l2 = nl2;
    if (right) {
      float xr0 = right[i], xr1 = right[i + 1];
      float mr1 = m11 * r1 + m12 * r2 + b1 * xr0, mr2 = m21 * r1 + m22 * r2 + b2 * xr0;
      right[i] = c1 * r1 + c2 * r2 + d * xr0;
      right[i + 1] = c1 * mr1 + c2 * mr2 + d * xr1;
      float nr1 = (q11 * r1 + q12 * r2) + (p1 * xr0 + b1 * xr1);
      float nr2 = (q21 * r1 + q22 * r2) + (p2 * xr0 + b2 * xr1);
      r1 = nr1, r2 = nr2;
    }
  }
  for (; i < frames; i++) {
    float xl = left[i];
    left[i] = c1 * l1 + c2 * l2 + d * xl;
    float nl1 = m11 * l1 + m12 * l2 + b1 * xl, nl2 = m21 * l1 + m22 * l2 + b2 * xl;
    l1 = nl1, l2 = nl2;
    if (right) {
      float xr = right[i];
      right[i] = c1 * r1 + c2 * r2 + d * xr;
      float nr1 = m11 * r1 + m12 * r2 + b1 * xr, nr2 = m21 * r1 + m22 * r2 + b2 * xr;
      r1 = nr1, r2 = nr2;
    }
  }
  state->s1[0] = l1, state->s2[0] = l2, state->s1[1] = r1, state->s2[1] = r2;
}
