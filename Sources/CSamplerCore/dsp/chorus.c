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
 * 1 / sqrt(voices) so the return's power does not grow with their number.
 *
 * The work goes by blocks: the block's input goes into the line first, then the voices read it
 * back (a delay of at least a frame never reads ahead of its frame), frame by frame in the
 * portable kernel here and 16 or 8 frames at a time in chorus_avx512.c and chorus_avx2.c. The
 * modulation is a polynomial of the whole-number phase (sc_chorus_sine), not the C library's sin,
 * and each frame's arithmetic is the same however the frames are cut into blocks and calls, and
 * in every kernel. */
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
  c->center = (float)(SC_CHORUS_CENTER_MS * rate / 1000.0);
  c->frames_per_ms = (float)(rate / 1000.0);
  /* the longest delay, plus the kernel's two frames past it, plus a block written ahead */
  double longest = (SC_CHORUS_CENTER_MS + SC_CHORUS_MAX_DEPTH_MS) * rate / 1000.0 + 4.0;
  longest += SC_CHORUS_BLOCK;
  uint32_t size = 1;
  while (size < longest) size *= 2;
  c->line = calloc(size, sizeof(float));
  if (!c->line) return false;
  c->mask = size - 1;
  c->voices_kernel = sc_chorus_voices_select(false);
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
  for (uint32_t k = 0; k < c->voices; k++)
    c->offset[k] = (uint32_t)llround((double)k / c->voices * 4294967296.0);
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

/* The voices' sum at one frame: `f` the frame in the call, `newest` where its input is in the
 * line. The delay's whole frames and fraction come from a float, exact to 1e-4 frames at the
 * longest delays, far finer than the modulation's own rate of change per frame. */
static inline void voices_frame(const sc_chorus *c, uint32_t f, uint32_t newest, float *left,
                                float *right) {
  const sc_linear_ramp *depth = &c->depth, *fade = &c->fade;
  float swing = (f < depth->left ? depth->to - depth->step * (float)(depth->left - f) : depth->to) *
                c->frames_per_ms;
  bool fading = f < fade->left;
  float t = fading ? fade->to - fade->step * (float)(fade->left - f) : fade->to;
  uint32_t phase = c->phase + f * c->step;
  float sum_left = 0.0f, sum_right = 0.0f;
  for (uint32_t k = 0; k < c->voices; k++) {
    float delay = c->center + swing * sc_chorus_sine(phase + c->offset[k]);
    int32_t back = (int32_t)delay;
    float fraction = delay - (float)back;
    /* y0 is one frame newer than y1, the frame `back` frames back; y2 and y3 older */
    uint32_t i = (newest - (uint32_t)back) & c->mask;
    float y0 = c->line[(i + 1) & c->mask], y1 = c->line[i];
    float y2 = c->line[(i - 1) & c->mask], y3 = c->line[(i - 2) & c->mask];
    /* Catmull-Rom */
    float a = 0.5f * (y2 - y0);
    float b = y0 - 2.5f * y1 + 2.0f * y2 - 0.5f * y3;
    float d = 0.5f * (y3 - y0) + 1.5f * (y1 - y2);
    float y = ((d * fraction + b) * fraction + a) * fraction + y1;
    float gain_left = c->gain_left[k], gain_right = c->gain_right[k];
    if (fading) {
      gain_left = c->from_left[k] + (gain_left - c->from_left[k]) * t;
      gain_right = c->from_right[k] + (gain_right - c->from_right[k]) * t;
    }
    sum_left += gain_left * y;
    sum_right += gain_right * y;
  }
  *left += sum_left;
  *right += sum_right;
}

void sc_chorus_voices_portable(const sc_chorus *c, uint32_t at, uint32_t frames, float *out_left,
                               float *out_right) {
  for (uint32_t m = 0; m < frames; m++)
    voices_frame(c, at + m, c->pos + 1 + m, &out_left[m], &out_right[m]);
}

sc_chorus_voices_fn sc_chorus_voices_select(bool portable) {
  sc_chorus_voices_fn fast = portable ? NULL : sc_chorus_voices_avx512();
  if (!fast && !portable) fast = sc_chorus_voices_avx2();
  return fast ? fast : sc_chorus_voices_portable;
}

bool sc_chorus_process(sc_chorus *c, const float *in_left, const float *in_right, float *out_left,
                       float *out_right, uint32_t frames) {
  if (!in_left && !c->active) {
    c->phase += c->step * frames;
    sc_linear_ramp_advance(&c->fade, frames);
    sc_linear_ramp_advance(&c->depth, frames);
    return false;
  }
  bool added = false;
  float x[SC_CHORUS_BLOCK];
  for (uint32_t i = 0; i < frames;) {
    uint32_t n = frames - i < SC_CHORUS_BLOCK ? frames - i : SC_CHORUS_BLOCK;
    for (uint32_t m = 0; m < n; m++)
      x[m] = in_left ? 0.5f * (in_left[i + m] + in_right[i + m]) : 0.0f;
    uint32_t skip = 0;
    if (!c->active) {
      /* idle until the next frame of input: the line holds zeros */
      while (skip < n && x[skip] == 0.0f) skip++;
      if (skip == n) {
        i += n;
        continue;
      }
      c->active = true;
      c->quiet = 0;
    } else if (c->quiet == c->mask && x[0] == 0.0f) {
      /* the whole line holds zeros: nothing left to read */
      c->active = false;
      i++;
      continue;
    }
    n -= skip, i += skip;
    /* the block ends where the chorus goes idle should the input stay silent */
    if (c->quiet < c->mask && n > c->mask - c->quiet) n = c->mask - c->quiet;
    const float *block = x + skip;
    uint32_t size = c->mask + 1, at = (c->pos + 1) & c->mask;
    uint32_t first = size - at < n ? size - at : n;
    memcpy(c->line + at, block, first * sizeof(float));
    memcpy(c->line, block + first, (n - first) * sizeof(float));
    c->voices_kernel(c, i, n, out_left + i, out_right + i);
    c->pos = (c->pos + n) & c->mask;
    uint32_t last = n;
    while (last > 0 && block[last - 1] == 0.0f) last--;
    c->quiet = last ? n - last : c->quiet + n;
    added = true;
    i += n;
  }
  c->phase += c->step * frames;
  sc_linear_ramp_advance(&c->fade, frames);
  sc_linear_ramp_advance(&c->depth, frames);
  return added;
}
