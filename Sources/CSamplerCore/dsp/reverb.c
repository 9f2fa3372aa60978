/* reverb.c - a stereo feedback delay network (FDN) reverb; see reverb.h.
 *
 * The structure is Jot & Chaigne's ("Digital delay networks for designing artificial
 * reverberators", AES 90th Convention, 1991): SC_REVERB_LINES delay lines of mutually prime
 * lengths whose outputs are mixed by an orthogonal matrix and fed back, so the network alone
 * would ring for ever, and an absorption filter on each line that takes off, per pass, the
 * level the wanted RT60 allows for that line's length: a line of m frames loses 60 m / (T fs) dB
 * at a frequency whose RT60 is T, so every line decays at the same rate per second and the
 * decay holds per band. Each absorption filter is a one-pole low-pass H(z) = b / (1 - a z^-1)
 * set, as Jot proposes, so that its gain at 0 Hz is g = 10^(-3 m / (T fs)) and at the Nyquist
 * frequency g^(1 / damping): the RT60 there is `damping` times the RT60 below. Here a and b are
 * solved exactly from those two gains rather than from Jot's first-order approximation.
 *
 * The mixing matrix is the 16 x 16 Hadamard matrix scaled by 1/4 (orthogonal, and applied as a
 * fast Walsh-Hadamard transform: 64 additions). Before the network each side passes a pre-delay
 * and Schroeder's all-pass diffusers ("Natural sounding artificial reverberation", JAES 10(3),
 * 1962), which smear a click into a dense burst so that the echo density is high from the
 * start, as Dattorro's plate ("Effect design part 1", JAES 45(9), 1997) diffuses its input. The
 * two outputs tap the lines with two different rows of the Hadamard matrix, which are
 * orthogonal: the two sides of the tail are uncorrelated. */
#include "dsp/reverb.h"
#include "dsp/delay_read.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const double line_ms[SC_REVERB_LINES] = SC_REVERB_LINE_MS;
static const double diffuser_ms[2][SC_REVERB_DIFFUSERS] = {SC_REVERB_DIFFUSER_MS_LEFT,
                                                           SC_REVERB_DIFFUSER_MS_RIGHT};

_Static_assert(SC_REVERB_LINES == 16, "the mixing below is the 16-point Hadamard transform");

static bool is_prime(uint32_t n) {
  if (n < 2) return false;
  for (uint32_t d = 2; d * d <= n; d++)
    if (n % d == 0) return false;
  return true;
}

static uint32_t prime_from(uint32_t n) {
  while (!is_prime(n)) n++;
  return n;
}

/* The line lengths for room size `size`: primes, each longer than the one before, so that no
 * two lines share a length even at a low sample rate. */
static void line_lengths(double rate, float size, uint32_t lengths[SC_REVERB_LINES]) {
  double scale = SC_REVERB_SIZE_MIN + size * (SC_REVERB_SIZE_MAX - SC_REVERB_SIZE_MIN);
  uint32_t previous = 1;
  for (int k = 0; k < SC_REVERB_LINES; k++) {
    uint32_t target = (uint32_t)lround(line_ms[k] * scale * rate / 1000.0);
    if (target <= previous) target = previous + 1;
    lengths[k] = prime_from(target);
    previous = lengths[k];
  }
}

static uint32_t ms_frames(double ms, double rate) {
  uint32_t n = (uint32_t)lround(ms * rate / 1000.0);
  return n < 1 ? 1 : n;
}

sc_reverb_settings sc_reverb_default_settings(void) {
  return (sc_reverb_settings){SC_REVERB_DEFAULT_DECAY,    SC_REVERB_DEFAULT_DAMPING,
                              SC_REVERB_DEFAULT_PREDELAY, SC_REVERB_DEFAULT_WIDTH,
                              SC_REVERB_DEFAULT_SIZE,     SC_REVERB_DEFAULT_LEVEL};
}

bool sc_reverb_create(sc_reverb *r, double rate) {
  memset(r, 0, sizeof *r);
  r->rate = rate;
  r->ramp_frames = (uint32_t)fmax(1.0, round(SC_EFFECT_RAMP_SECONDS * rate));
  r->glide_frames = (uint32_t)fmax(1.0, round(SC_REVERB_SIZE_GLIDE_SECONDS * rate));
  uint32_t longest[SC_REVERB_LINES];
  line_lengths(rate, 1.0f, longest);
  size_t total = 0;
  for (int k = 0; k < SC_REVERB_LINES; k++) total += longest[k];
  for (int side = 0; side < 2; side++)
    for (int d = 0; d < SC_REVERB_DIFFUSERS; d++) {
      r->diffuser_length[side][d] = ms_frames(diffuser_ms[side][d], rate);
      total += r->diffuser_length[side][d];
    }
  r->pre_size = (uint32_t)ceil(SC_REVERB_MAX_PREDELAY * rate) + 1;
  total += 2 * (size_t)r->pre_size;
  r->memory = calloc(total, sizeof(float));
  if (!r->memory) return false;
  float *next = r->memory;
  for (int k = 0; k < SC_REVERB_LINES; k++) {
    r->line[k] = next, next += longest[k];
    r->capacity[k] = longest[k];
  }
  for (int side = 0; side < 2; side++) {
    for (int d = 0; d < SC_REVERB_DIFFUSERS; d++)
      r->diffuser[side][d] = next, next += r->diffuser_length[side][d];
    r->pre[side] = next, next += r->pre_size;
  }
  sc_reverb_settings defaults = sc_reverb_default_settings();
  r->settings.size = -1.0f; /* forces the lengths to be set */
  sc_reverb_set(r, &defaults);
  return true;
}

void sc_reverb_destroy(sc_reverb *r) {
  free(r->memory);
  r->memory = NULL;
}

static size_t memory_floats(const sc_reverb *r) {
  return (size_t)(r->pre[1] + r->pre_size - r->memory);
}

void sc_reverb_clear(sc_reverb *r) {
  memset(r->memory, 0, memory_floats(r) * sizeof(float));
  memset(r->low, 0, sizeof r->low);
  r->quiet = 0;
  r->active = false;
}

void sc_reverb_set(sc_reverb *r, const sc_reverb_settings *s) {
  uint32_t before = r->length[SC_REVERB_LINES - 1];
  if (s->size != r->settings.size) {
    line_lengths(r->rate, s->size, r->length);
    for (int k = 0; k < SC_REVERB_LINES; k++)
      sc_linear_ramp_to(&r->tap[k], (float)r->length[k], r->glide_frames, !r->set);
  }
  r->settings = *s;
  for (int k = 0; k < SC_REVERB_LINES; k++) {
    /* gain per pass at 0 Hz, and the ratio the Nyquist gain is below it */
    double g = pow(10.0, -3.0 * r->length[k] / (s->decay * r->rate));
    double ratio = pow(g, 1.0 / s->damping - 1.0);
    double a = (1.0 - ratio) / (1.0 + ratio);
    r->pole[k] = (float)a;
    r->feed[k] = (float)(g * (1.0 - a));
  }
  uint32_t pre = (uint32_t)lround(s->predelay * r->rate);
  r->pre_delay = pre < r->pre_size ? pre : r->pre_size - 1;
  r->direct = (1.0f + s->width) / 2.0f * s->level;
  r->cross = (1.0f - s->width) / 2.0f * s->level;
  sc_linear_ramp_to(&r->direct_ramp, r->direct, r->ramp_frames, !r->set);
  sc_linear_ramp_to(&r->cross_ramp, r->cross, r->ramp_frames, !r->set);
  r->set = true;
  uint32_t diffusion = 0;
  for (int d = 0; d < SC_REVERB_DIFFUSERS; d++)
    diffusion += r->diffuser_length[0][d] > r->diffuser_length[1][d] ? r->diffuser_length[0][d]
                                                                     : r->diffuser_length[1][d];
  /* while the taps glide from a longer size, sound may stay as long as that size keeps it */
  uint32_t last = r->length[SC_REVERB_LINES - 1];
  if (r->tap[SC_REVERB_LINES - 1].left > 0 && before > last) last = before;
  r->longest_path = r->pre_delay + diffusion + last + 1;
}

/* Schroeder's all-pass, (-g + z^-m) / (1 - g z^-m), one frame. */
static float diffuse(float *line, uint32_t length, uint32_t *pos, float x) {
  const float g = (float)SC_REVERB_DIFFUSER_GAIN;
  float delayed = line[*pos];
  float w = x + g * delayed;
  line[*pos] = w;
  if (++*pos == length) *pos = 0;
  return delayed - g * w;
}

/* x = H x / 4, H the 16 x 16 Hadamard matrix in natural order. */
static void hadamard(float x[SC_REVERB_LINES]) {
  for (int h = 1; h < SC_REVERB_LINES; h *= 2)
    for (int i = 0; i < SC_REVERB_LINES; i += 2 * h)
      for (int j = i; j < i + h; j++) {
        float a = x[j], b = x[j + h];
        x[j] = a + b;
        x[j + h] = a - b;
      }
  for (int k = 0; k < SC_REVERB_LINES; k++) x[k] *= 0.25f;
}

static void advance_ramps(sc_reverb *r, uint32_t frames) {
  sc_linear_ramp_advance(&r->direct_ramp, frames);
  sc_linear_ramp_advance(&r->cross_ramp, frames);
  for (int k = 0; k < SC_REVERB_LINES; k++) sc_linear_ramp_advance(&r->tap[k], frames);
}

/* Line k's output at frame `i` of the call: `length` behind the write position, or between
 * frames where its tap glides. */
static float line_out(const sc_reverb *r, int k, uint32_t i) {
  uint32_t pos = r->pos[k], capacity = r->capacity[k];
  if (r->tap[k].left > 0)
    return sc_delay_read_behind(r->line[k], capacity, pos, sc_linear_ramp_at(&r->tap[k], i));
  uint32_t length = r->length[k];
  return r->line[k][pos >= length ? pos - length : pos + capacity - length];
}

bool sc_reverb_process(sc_reverb *r, const float *in_left, const float *in_right, float *out_left,
                       float *out_right, uint32_t frames) {
  if (!in_left && !r->active) {
    advance_ramps(r, frames);
    return false;
  }
  /* while the level or width moves, frame by frame; else today's products exactly */
  bool moving = r->direct_ramp.left > 0 || r->cross_ramp.left > 0;
  bool added = false;
  /* the input reaches half the lines from each side, so each line's share keeps unit power */
  const float input_gain = 0.5f, output_gain = 0.25f;
  for (uint32_t i = 0; i < frames; i++) {
    float x[2] = {in_left ? in_left[i] : 0.0f, in_right ? in_right[i] : 0.0f};
    bool input = x[0] != 0.0f || x[1] != 0.0f;
    if (!r->active) {
      if (!input) continue;
      r->active = true;
    }
    float level = 0.0f;
    for (int side = 0; side < 2; side++) {
      float *pre = r->pre[side];
      pre[r->pre_pos] = x[side];
      uint32_t read = r->pre_pos >= r->pre_delay ? r->pre_pos - r->pre_delay
                                                 : r->pre_pos + r->pre_size - r->pre_delay;
      float y = pre[read];
      level = fmaxf(level, fabsf(y));
      for (int d = 0; d < SC_REVERB_DIFFUSERS; d++)
        y = diffuse(r->diffuser[side][d], r->diffuser_length[side][d], &r->diffuser_pos[side][d],
                    y);
      level = fmaxf(level, fabsf(y));
      x[side] = y * input_gain;
    }
    if (++r->pre_pos == r->pre_size) r->pre_pos = 0;
    float s[SC_REVERB_LINES];
    float left = 0.0f, right = 0.0f;
    for (int k = 0; k < SC_REVERB_LINES; k++) {
      float out = line_out(r, k, i);
      level = fmaxf(level, fabsf(out));
      r->low[k] = r->feed[k] * out + r->pole[k] * r->low[k];
      s[k] = r->low[k];
      /* rows 1 and 2 of the Hadamard matrix: orthogonal taps, uncorrelated sides */
      left += k & 1 ? -s[k] : s[k];
      right += k & 2 ? -s[k] : s[k];
    }
    hadamard(s);
    for (int k = 0; k < SC_REVERB_LINES; k++) {
      float feed = x[k & 1] * (k & 4 ? -1.0f : 1.0f);
      r->line[k][r->pos[k]] = s[k] + feed;
      if (++r->pos[k] == r->capacity[k]) r->pos[k] = 0;
    }
    left *= output_gain, right *= output_gain;
    added = true;
    float direct = moving ? sc_linear_ramp_at(&r->direct_ramp, i) : r->direct;
    float cross = moving ? sc_linear_ramp_at(&r->cross_ramp, i) : r->cross;
    out_left[i] += direct * left + cross * right;
    out_right[i] += direct * right + cross * left;
    r->quiet = input || level >= SC_EFFECT_SILENCE_LEVEL ? 0 : r->quiet + 1;
    if (r->quiet > r->longest_path) sc_reverb_clear(r);
  }
  advance_ramps(r, frames);
  return added;
}
