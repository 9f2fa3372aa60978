/* filter.c - the per-voice resonant filter. The two-pole types are a trapezoidal state-variable
 * filter, the one-pole types a trapezoidal one-pole: both stay stable at any cutoff below Nyquist
 * and under fast modulation, which direct-form biquads do not. */
#include <math.h>

#include "internal.h"

void sc_filter_coeffs_compute(sc_filter_coeffs *c, double cutoff, double resonance_db,
                              double sample_rate) {
  double nyquist_guard = 0.499 * sample_rate;
  if (cutoff > nyquist_guard) cutoff = nyquist_guard;
  if (cutoff < 1.0) cutoff = 1.0;
  double g = tan(SC_PI * cutoff / sample_rate);
  c->g1 = (float)(g / (1.0 + g));
  /* Resonance is the height of the response's peak above the pass band, in dB. A two-pole
   * peak of height P needs Q^2 = (P^2 + P sqrt(P^2 - 1)) / 2: Butterworth (Q = 1/sqrt 2) at
   * 0 dB, Q close to P for strong resonance. */
  double peak = pow(10.0, (resonance_db > 0.0 ? resonance_db : 0.0) / 20.0);
  double q = sqrt((peak * peak + peak * sqrt(peak * peak - 1.0)) / 2.0);
  double k = 1.0 / q;
  double a1 = 1.0 / (1.0 + g * (g + k));
  c->a1 = (float)a1;
  c->a2 = (float)(g * a1);
  c->a3 = (float)(g * g * a1);
  c->k = (float)k;
}

static void one_pole(bool highpass, float g1, float *s, float *x, uint32_t frames) {
  float state = *s;
  for (uint32_t i = 0; i < frames; i++) {
    float v = (x[i] - state) * g1;
    float low = v + state;
    state = low + v;
    x[i] = highpass ? x[i] - low : low;
  }
  *s = state;
}

static void two_pole(sc_filter_type type, const sc_filter_coeffs *c, float *s1, float *s2, float *x,
                     uint32_t frames) {
  float ic1 = *s1, ic2 = *s2;
  for (uint32_t i = 0; i < frames; i++) {
    float v0 = x[i];
    float v3 = v0 - ic2;
    float v1 = c->a1 * ic1 + c->a2 * v3;
    float v2 = ic2 + c->a2 * ic1 + c->a3 * v3;
    ic1 = 2.0f * v1 - ic1;
    ic2 = 2.0f * v2 - ic2;
    float out;
    switch (type) {
      case SC_FILTER_HPF_2P: out = v0 - c->k * v1 - v2; break;
      case SC_FILTER_BPF_2P: out = c->k * v1; break; /* unity gain at the centre */
      case SC_FILTER_BRF_2P: out = v0 - c->k * v1; break;
      default: out = v2; break;
    }
    x[i] = out;
  }
  *s1 = ic1;
  *s2 = ic2;
}

void sc_filter_process(sc_filter_type type, const sc_filter_coeffs *c, sc_filter_state *s,
                       float *left, float *right, uint32_t frames) {
  float *buffers[2] = {left, right};
  for (int ch = 0; ch < (right ? 2 : 1); ch++) {
    switch (type) {
      case SC_FILTER_NONE: return;
      case SC_FILTER_LPF_1P:
      case SC_FILTER_HPF_1P:
        one_pole(type == SC_FILTER_HPF_1P, c->g1, &s->s1[ch], buffers[ch], frames);
        break;
      default: two_pole(type, c, &s->s1[ch], &s->s2[ch], buffers[ch], frames); break;
    }
  }
}
