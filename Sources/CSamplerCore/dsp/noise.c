/* noise.c - the noise generator. Each new value is drawn for both sides at once, so a stereo
 * voice's noise does not depend on the block size; the tone is one pole (6 dB per octave) and
 * the step a sample-and-hold, both cheap enough to run per frame for the voices that use them. */
#include <math.h>

#include "config.h"
#include "dsp/dsp_math.h"
#include "dsp/noise.h"
#include "dsp/random.h"

void sc_noise_start(sc_noise *n, uint64_t seed) {
  sc_random_seed(&n->rng, seed);
  n->held[0] = n->held[1] = 0.0f;
  n->phase = 1.0; /* the first frame draws */
  n->last_tone = NAN;
  n->pole = 0.0f;
  n->tone_state[0] = n->tone_state[1] = 0.0f;
}

/* The one-pole coefficient for `tone`: 0 at white, else 1 - e^(-2 pi fc / rate). */
static float tone_pole(float tone, double sample_rate) {
  if (tone == SC_NOISE_TONE_WHITE) return 0.0f;
  double half = tone < SC_NOISE_TONE_WHITE ? tone / SC_NOISE_TONE_WHITE
                                           : (tone - SC_NOISE_TONE_WHITE) / SC_NOISE_TONE_WHITE;
  double corner = SC_NOISE_TONE_LOWEST_HZ * pow(SC_NOISE_TONE_SPAN, half);
  if (corner > 0.45 * sample_rate) corner = 0.45 * sample_rate;
  return (float)(1.0 - exp(-2.0 * SC_PI * corner / sample_rate));
}

void sc_noise_add(sc_noise *n, float gain, float step, float tone, bool stereo, double sample_rate,
                  float *left, float *right, uint32_t frames) {
  tone = tone < 0.0f ? 0.0f : tone > 100.0f ? 100.0f : tone;
  step = step < 0.0f ? 0.0f : step > 100.0f ? 100.0f : step;
  if (tone != n->last_tone) {
    n->pole = tone_pole(tone, sample_rate);
    n->last_tone = tone;
  }
  double advance = SC_NOISE_STEP_TOP_HZ * exp2(-step / SC_NOISE_STEP_PER_OCTAVE) / sample_rate;
  bool low = tone < SC_NOISE_TONE_WHITE, filtered = n->pole != 0.0f;
  int sides = right ? 2 : 1;
  for (uint32_t i = 0; i < frames; i++) {
    n->phase += advance;
    if (n->phase >= 1.0) {
      n->phase -= floor(n->phase);
      n->held[0] = 2.0f * sc_random_unit(&n->rng) - 1.0f;
      n->held[1] = stereo ? 2.0f * sc_random_unit(&n->rng) - 1.0f : n->held[0];
    }
    for (int side = 0; side < sides; side++) {
      float x = n->held[side];
      if (filtered) {
        /* the low-pass state follows x; the high-pass is what it leaves out */
        n->tone_state[side] += n->pole * (x - n->tone_state[side]);
        x = low ? n->tone_state[side] : x - n->tone_state[side];
      }
      float *out = side ? right : left;
      out[i] += gain * x;
    }
  }
}
