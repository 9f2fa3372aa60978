/* chorus.c - a stereo multi-voice chorus; see chorus.h.
 *
 * The classic modulated-delay chorus (Dattorro, "Effect design part 2: delay-line modulation and
 * chorus", JAES 45(10), 1997): each voice reads the input back from a delay line at
 * SC_CHORUS_CENTER_MS + depth sin(2 pi (rate t + k / voices)) ms, the voices' phases spread
 * evenly so their sum does not pulse, and interpolates between frames with a cubic Hermite
 * (Catmull-Rom) kernel, whose error at chorus delays is far below a linear one's. A delay moving
 * by d'(t) shifts the pitch by the ratio 1 - d'(t): with the sine above the deviation peaks at
 * 1200 log2(1 + 2 pi rate depth) cents. The voices are spread across the stereo field, first
 * voice left, last right, with the engine's equal-power pan law (unity at the centre), each at
 * 1 / sqrt(voices) so the return's power does not grow with their number. */
#include "dsp/chorus.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dsp/dsp_math.h"

sc_chorus_settings sc_chorus_default_settings(void) {
  return (sc_chorus_settings){SC_CHORUS_DEFAULT_RATE, SC_CHORUS_DEFAULT_DEPTH_MS,
                              SC_CHORUS_DEFAULT_VOICES, SC_CHORUS_DEFAULT_LEVEL};
}

bool sc_chorus_create(sc_chorus *c, double rate) {
  memset(c, 0, sizeof *c);
  c->rate = rate;
  c->ramp_frames = (uint32_t)fmax(1.0, round(SC_EFFECT_RAMP_SECONDS * rate));
  /* the longest delay, plus the kernel's two frames past it */
  double longest = (SC_CHORUS_CENTER_MS + SC_CHORUS_MAX_DEPTH_MS) * rate / 1000.0 + 4.0;
  uint32_t size = 1;
  while (size < longest) size *= 2;
  c->line = calloc(size, sizeof(float));
  if (!c->line) return false;
  c->mask = size - 1;
  sc_chorus_settings defaults = sc_chorus_default_settings();
  sc_chorus_set(c, &defaults);
  return true;
}

void sc_chorus_destroy(sc_chorus *c) {
  free(c->line);
  c->line = NULL;
}

void sc_chorus_clear(sc_chorus *c) {
  memset(c->line, 0, (c->mask + 1) * sizeof(float));
  c->quiet = 0;
  c->active = false;
}

/* Voice k's gains as they stand at the start of the next call. */
static void gains_now(const sc_chorus *c, uint32_t k, float *left, float *right) {
  float t = sc_linear_ramp_at(&c->fade, 0);
  *left = c->from_left[k] + (c->gain_left[k] - c->from_left[k]) * t;
  *right = c->from_right[k] + (c->gain_right[k] - c->from_right[k]) * t;
}

void sc_chorus_set(sc_chorus *c, const sc_chorus_settings *s) {
  c->settings = *s;
  c->step = (uint32_t)llround(s->rate / c->rate * 4294967296.0);
  float voices = roundf(s->voices);
  uint32_t before = c->voices;
  c->voices = voices < 1.0f                   ? 1u
              : voices > SC_CHORUS_MAX_VOICES ? SC_CHORUS_MAX_VOICES
                                              : (uint32_t)voices;
  bool fade = c->set && c->voices == before;
  for (uint32_t k = 0; fade && k < c->voices; k++)
    gains_now(c, k, &c->from_left[k], &c->from_right[k]);
  sc_linear_ramp_to(&c->depth, s->depth, c->ramp_frames, !c->set);
  float share = s->level / sqrtf((float)c->voices);
  for (uint32_t k = 0; k < c->voices; k++) {
    float pan = c->voices == 1 ? 0.0f : -1.0f + 2.0f * (float)k / (float)(c->voices - 1);
    float angle = (pan + 1.0f) * (float)(SC_PI / 4.0);
    c->gain_left[k] = share * (float)SC_SQRT2 * cosf(angle);
    c->gain_right[k] = share * (float)SC_SQRT2 * sinf(angle);
  }
  c->fade = (sc_linear_ramp){0};
  if (fade)
    sc_linear_ramp_to(&c->fade, 1.0f, c->ramp_frames, false);
  else
    c->fade.to = 1.0f;
  c->set = true;
}

/* The line read `delay` frames back from the newest frame, with Catmull-Rom interpolation. */
static float read_back(const sc_chorus *c, double delay) {
  double back = floor(delay);
  float t = (float)(delay - back);
  uint32_t i = (c->pos - (uint32_t)back) & c->mask;
  /* y0 is one frame newer than y1, the frame `back` frames back; y2 and y3 older */
  float y0 = c->line[(i + 1) & c->mask], y1 = c->line[i];
  float y2 = c->line[(i - 1) & c->mask], y3 = c->line[(i - 2) & c->mask];
  float a = 0.5f * (y2 - y0);
  float b = y0 - 2.5f * y1 + 2.0f * y2 - 0.5f * y3;
  float d = 0.5f * (y3 - y0) + 1.5f * (y1 - y2);
  return ((d * t + b) * t + a) * t + y1;
}

bool sc_chorus_process(sc_chorus *c, const float *in_left, const float *in_right, float *out_left,
                       float *out_right, uint32_t frames) {
  if (!in_left && !c->active) {
    c->phase += c->step * frames;
    sc_linear_ramp_advance(&c->fade, frames);
    sc_linear_ramp_advance(&c->depth, frames);
    return false;
  }
  /* while settings move in, frame by frame; else today's arithmetic exactly */
  bool fading = c->fade.left > 0, gliding = c->depth.left > 0;
  bool added = false;
  double frames_per_ms = c->rate / 1000.0;
  for (uint32_t i = 0; i < frames; i++) {
    float x = in_left ? 0.5f * (in_left[i] + in_right[i]) : 0.0f;
    if (x != 0.0f) {
      c->quiet = 0;
      c->active = true;
    } else if (c->active && ++c->quiet > c->mask) {
      /* the whole line holds zeros: nothing left to read */
      c->active = false;
    }
    /* the phase runs while idle too, so it depends on the frame alone */
    double phase = c->phase / 4294967296.0;
    c->phase += c->step;
    if (!c->active) continue;
    c->pos = (c->pos + 1) & c->mask;
    c->line[c->pos] = x;
    float left = 0.0f, right = 0.0f;
    float depth = gliding ? sc_linear_ramp_at(&c->depth, i) : c->settings.depth;
    float t = fading ? sc_linear_ramp_at(&c->fade, i) : 1.0f;
    for (uint32_t k = 0; k < c->voices; k++) {
      double p = phase + (double)k / c->voices;
      double ms = SC_CHORUS_CENTER_MS + depth * sin(2.0 * SC_PI * p);
      float y = read_back(c, ms * frames_per_ms);
      float gain_left = c->gain_left[k], gain_right = c->gain_right[k];
      if (fading) {
        gain_left = c->from_left[k] + (gain_left - c->from_left[k]) * t;
        gain_right = c->from_right[k] + (gain_right - c->from_right[k]) * t;
      }
      left += gain_left * y;
      right += gain_right * y;
    }
    added = true;
    out_left[i] += left;
    out_right[i] += right;
  }
  sc_linear_ramp_advance(&c->fade, frames);
  sc_linear_ramp_advance(&c->depth, frames);
  return added;
}
