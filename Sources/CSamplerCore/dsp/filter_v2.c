/* filter_v2.c - the SFZ v2 and ARIA filter types (corpus/spec opcodes/fil_type.md, syntax.yml's
 * list of its values). Each is designed as an analogue prototype over the cutoff, mapped by the
 * bilinear transform warped to put the cutoff in place, as filter.c's are; resonance is in dB
 * as there (opcodes/resonance.md: "the filter cutoff resonance value, in decibels"), the gain at
 * the cutoff. The documentation says no more of these types; what each does beyond its name is
 * said where it is designed. */
#include <math.h>

#include "dsp/filter_v2.h"
#include "config.h"
#include "dsp/dsp_math.h"

void sc_filter_comb_place(sc_filter_extra *x, uint32_t base, uint32_t capacity) {
  x->comb.base = base;
  x->comb.capacity = capacity;
  x->comb.write = 0;
}

static double clamp(double x, double limit) { return x < -limit ? -limit : x > limit ? limit : x; }

/* y = x + gain * w(n - delay), the line w holding the output (a feedback comb: peaks at the
 * cutoff and its harmonics) or, for a cut, the input (a feed-forward comb: dips there). Either
 * way the gain at the harmonics is 10^(resonance / 20): resonance is the gain at the cutoff, as
 * for every other type, so 0 dB passes the signal unchanged and 40 dB (a feedback of 0.99)
 * rings for about 690 periods before it has fallen 60 dB. A delay between whole frames is read
 * by linear interpolation, which damps the high harmonics a little (at 100.5 frames, the fourth
 * harmonic's peak at 24 dB stands 1 dB lower). */
static void design_comb(double cutoff, double resonance, double rate, sc_filter_extra *x) {
  double level = pow(10.0, resonance / 20.0);
  x->comb.forward = resonance < 0.0;
  x->comb.gain = (float)(x->comb.forward ? level - 1.0 : 1.0 - 1.0 / level);
  double delay = rate / cutoff, longest = x->comb.capacity - 1.0;
  x->comb.delay = (float)(delay < longest ? delay : longest);
}

/* A pinking filter of interleaved real poles and zeros (config.h): each section is a one-pole
 * low-pass at its pole p mixed as x + (z/p - 1) low = x (s + z) / (s + p), as filter.c's one-pole
 * kernel computes it, the product normalised to 0 dB at the reference frequency. */
static void design_pink(double rate, sc_filter_extra *x) {
  double guard = 0.499 * rate, reference = tan(SC_PI * SC_FILTER_PINK_REFERENCE_HZ / rate);
  double pole = SC_FILTER_PINK_LOWEST_HZ, step = SC_FILTER_PINK_STEP, level = 1.0;
  for (int k = 0; k < SC_FILTER_PINK_SECTIONS; k++) {
    double g = tan(SC_PI * (pole < guard ? pole : guard) / rate), G = g / (1.0 + g);
    x->pink.m11[k] = (float)(1.0 - 2.0 * G);
    x->pink.b1[k] = (float)(2.0 * G);
    x->pink.c1[k] = (float)((step - 1.0) * (1.0 - G));
    x->pink.d[k] = (float)(1.0 + (step - 1.0) * G);
    double w = reference / g; /* the reference on the section's analogue axis */
    level *= sqrt((step * step + w * w) / (1.0 + w * w));
    pole *= step * step;
  }
  int last = SC_FILTER_PINK_SECTIONS - 1;
  x->pink.c1[last] = (float)(x->pink.c1[last] / level);
  x->pink.d[last] = (float)(x->pink.d[last] / level);
}

void sc_filter_v2_design(sc_filter_type type, double cutoff, double resonance_db, double gain_db,
                         double rate, sc_filter_coeffs *c, sc_filter_extra *x) {
  double guard = 0.499 * rate;
  cutoff = cutoff > guard ? guard : cutoff < 1.0 ? 1.0 : cutoff;
  double g = tan(SC_PI * cutoff / rate);
  double resonance = clamp(resonance_db, SC_FILTER_RESONANCE_MAX_DB);
  double k = pow(10.0, -resonance / 20.0); /* 1/Q, as sc_filter_damping */
  /* RBJ's cookbook's A: the shelves' and band's gain is A^2 */
  double a = pow(10.0, clamp(gain_db, SC_FILTER_GAIN_MAX_DB) / 40.0);
  switch (type) {
    /* One pole each side: the low-pass and the high-pass of one pole at the cutoff in series,
     * 2s / (s + 1)^2, scaled to unity at the centre as bpf_2p is (the 2-pole band-pass at Q
     * 1/2); the notch is its complement, (s^2 + 1) / (s + 1)^2. One pole has no resonance. */
    case SC_FILTER_BPF_1P: sc_filter_coeffs_svf(c, g, 2.0, 0.0, 2.0, 0.0); break;
    case SC_FILTER_BRF_1P: sc_filter_coeffs_svf(c, g, 2.0, 1.0, -2.0, 0.0); break;
    case SC_FILTER_APF_1P: {
      /* (1 - s) / (1 + s) = 2 low - x on filter.c's one-pole kernel: flat, -90 degrees at the
       * cutoff */
      double G = g / (1.0 + g);
      c->m11 = (float)(1.0 - 2.0 * G);
      c->b1 = (float)(2.0 * G);
      c->c1 = (float)(2.0 * (1.0 - G));
      c->d = (float)(2.0 * G - 1.0);
      break;
    }
    case SC_FILTER_LPF_4P:
    case SC_FILTER_HPF_4P:
    case SC_FILTER_LPF_6P:
    case SC_FILTER_HPF_6P: {
      /* 2 or 3 identical 2-pole sections (24 and 36 dB per octave). Each takes an equal share of
       * the resonance in dB, so the whole filter's gain at the cutoff is the resonance, as a
       * 2-pole one's is: 0 dB there by default, and 40 dB at most, never two or three times
       * that. */
      bool high = type == SC_FILTER_HPF_4P || type == SC_FILTER_HPF_6P;
      double n = type == SC_FILTER_LPF_6P || type == SC_FILTER_HPF_6P ? 3.0 : 2.0;
      double kn = pow(10.0, -resonance / (20.0 * n));
      sc_filter_coeffs_svf(c, g, kn, high ? 1.0 : 0.0, high ? -kn : 0.0, high ? -1.0 : 1.0);
      break;
    }
    /* ARIA's shelves and band (opcodes/fil_gain.md names no curve): the biquads of RBJ's Audio
     * EQ Cookbook, Q from resonance as for the other types, so the shelf or band is fil_gain dB
     * whatever the resonance: low shelf A (s^2 + (sqrt A / Q) s + A) /
     * (A s^2 + (sqrt A / Q) s + 1), its section at the cutoff / sqrt A; high shelf the mirror
     * image; band (s^2 + (A / Q) s + 1) / (s^2 + s / (A Q) + 1). */
    case SC_FILTER_LSH:
      sc_filter_coeffs_svf(c, g / sqrt(a), k, 1.0, (a - 1.0) * k, a * a - 1.0);
      break;
    case SC_FILTER_HSH:
      sc_filter_coeffs_svf(c, g * sqrt(a), k, a * a, a * (1.0 - a) * k, 1.0 - a * a);
      break;
    case SC_FILTER_PEQ: sc_filter_coeffs_svf(c, g, k / a, 1.0, (a * a - 1.0) * k / a, 0.0); break;
    case SC_FILTER_COMB: design_comb(cutoff, resonance, rate, x); break;
    case SC_FILTER_PINK: design_pink(rate, x); break;
    default: break;
  }
}

static void comb(sc_filter_extra *x, float (*line)[2], float *left, float *right, uint32_t frames) {
  float(*ring)[2] = line + x->comb.base;
  uint32_t n = x->comb.capacity, w = x->comb.write, whole = (uint32_t)x->comb.delay;
  float part = x->comb.delay - (float)whole, gain = x->comb.gain;
  bool forward = x->comb.forward;
  float *io[2] = {left, right};
  int channels = right ? 2 : 1;
  for (uint32_t i = 0; i < frames; i++) {
    /* w(n - delay) between the frames whole and whole + 1 back; the line still holds both */
    uint32_t near = w >= whole ? w - whole : w + n - whole, far = near ? near - 1 : n - 1;
    for (int ch = 0; ch < channels; ch++) {
      float in = io[ch][i];
      float delayed = ring[near][ch] + part * (ring[far][ch] - ring[near][ch]);
      float out = in + gain * delayed;
      ring[w][ch] = forward ? in : out;
      io[ch][i] = out;
    }
    w = w + 1 < n ? w + 1 : 0;
  }
  x->comb.write = w;
}

static void pink(sc_filter_extra *x, float *left, float *right, uint32_t frames) {
  float *io[2] = {left, right};
  int channels = right ? 2 : 1;
  for (int ch = 0; ch < channels; ch++) {
    float *buffer = io[ch];
    for (uint32_t i = 0; i < frames; i++) {
      float v = buffer[i];
      for (int k = 0; k < SC_FILTER_PINK_SECTIONS; k++) {
        float s = x->pink.s[k][ch];
        float y = x->pink.c1[k] * s + x->pink.d[k] * v;
        x->pink.s[k][ch] = x->pink.m11[k] * s + x->pink.b1[k] * v;
        v = y;
      }
      buffer[i] = v;
    }
  }
}

void sc_filter_v2_process(sc_filter_type type, sc_filter_fn process, const sc_filter_coeffs *c,
                          sc_filter_state *s, sc_filter_extra *x, float (*line)[2], float *left,
                          float *right, uint32_t frames) {
  switch (type) {
    case SC_FILTER_COMB: comb(x, line, left, right, frames); return;
    case SC_FILTER_PINK: pink(x, left, right, frames); return;
    case SC_FILTER_APF_1P: process(SC_FILTER_LPF_1P, c, s, left, right, frames); return;
    default: {
      int sections = type == SC_FILTER_LPF_6P || type == SC_FILTER_HPF_6P   ? 3
                     : type == SC_FILTER_LPF_4P || type == SC_FILTER_HPF_4P ? 2
                                                                            : 1;
      process(SC_FILTER_LPF_2P, c, s, left, right, frames);
      for (int k = 1; k < sections; k++)
        process(SC_FILTER_LPF_2P, c, &x->sections[k - 1], left, right, frames);
    }
  }
}
