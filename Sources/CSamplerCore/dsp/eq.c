/* eq.c - the per-voice three-band equaliser: peaking biquads (the usual bilinear design with
 * bandwidth in octaves), run only when a band has gain. */
#include <math.h>

#include "dsp/eq.h"
#include "dsp/dsp_math.h"

void sc_eq_coeffs_compute(sc_eq_coeffs *c, double freq, double bw_octaves, double gain_db,
                          double sample_rate) {
  if (freq > 0.49 * sample_rate) freq = 0.49 * sample_rate;
  if (freq < 10.0) freq = 10.0;
  if (bw_octaves < 0.01) bw_octaves = 0.01;
  double a = pow(10.0, gain_db / 40.0);
  double w0 = 2.0 * SC_PI * freq / sample_rate;
  double alpha = sin(w0) * sinh(log(2.0) / 2.0 * bw_octaves * w0 / sin(w0));
  double a0 = 1.0 + alpha / a;
  c->b0 = (float)((1.0 + alpha * a) / a0);
  c->b1 = (float)(-2.0 * cos(w0) / a0);
  c->b2 = (float)((1.0 - alpha * a) / a0);
  c->a1 = c->b1;
  c->a2 = (float)((1.0 - alpha / a) / a0);
}

void sc_eq_process(const sc_eq_coeffs *c, float z1[2], float z2[2], float *left, float *right,
                   uint32_t frames) {
  float *channels[2] = {left, right};
  for (int ch = 0; ch < (right ? 2 : 1); ch++) {
    float *x = channels[ch];
    float s1 = z1[ch], s2 = z2[ch];
    for (uint32_t i = 0; i < frames; i++) {
      float in = x[i];
      float out = c->b0 * in + s1;
      s1 = c->b1 * in - c->a1 * out + s2;
      s2 = c->b2 * in - c->a2 * out;
      x[i] = out;
    }
    z1[ch] = s1;
    z2[ch] = s2;
  }
}
