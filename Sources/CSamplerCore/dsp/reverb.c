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
 * orthogonal: the two sides of the tail are uncorrelated.
 *
 * The work goes by blocks, each stage over a whole block before the next: no line is shorter
 * than a block, so a block's reads never reach what the same block writes, and each line is read
 * and written as one or two contiguous runs instead of frame by frame. Only the absorption
 * filters and the mixing run frame by frame (the network kernel: plain C here, AVX-512 and AVX2
 * in reverb_avx512.c and reverb_avx2.c). Each frame's arithmetic is the same however the frames
 * are cut into blocks and calls, and in every kernel. */
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

static void reverb_chunk(sc_reverb *r);

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
  r->memory_held = total;
  /* the scratch after the lines, starting on a cache line: 64 bytes */
  const size_t align = 64 / sizeof(float);
  size_t scratch = (SC_REVERB_LINES + 4) * (size_t)SC_REVERB_BLOCK;
  r->memory = calloc(total + align + scratch, sizeof(float));
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
  next += (align - (size_t)((uintptr_t)next / sizeof(float) % align)) % align;
  r->block = next, next += SC_REVERB_LINES * (size_t)SC_REVERB_BLOCK;
  for (int side = 0; side < 2; side++) {
    r->predelayed[side] = next, next += SC_REVERB_BLOCK;
    r->diffused[side] = next, next += SC_REVERB_BLOCK;
  }
  r->network = sc_reverb_network_select(false);
  sc_reverb_settings defaults = sc_reverb_default_settings();
  r->settings.size = -1.0f; /* forces the lengths to be set */
  sc_reverb_set(r, &defaults);
  return true;
}

void sc_reverb_destroy(sc_reverb *r) {
  free(r->memory);
  r->memory = NULL;
}

void sc_reverb_clear(sc_reverb *r) {
  memset(r->memory, 0, r->memory_held * sizeof(float));
  memset(r->low, 0, sizeof r->low);
  r->quiet = 0;
  r->active = false;
}

/* The longest block no read reaches into: the lines' shortest read distance, now and as far as
 * a glide goes (it moves linearly, so its ends bound it), and half the pre-delay's line, which
 * sc_reverb_process's pre-delay needs. */
static void reverb_chunk(sc_reverb *r) {
  uint32_t chunk = SC_REVERB_BLOCK;
  if (chunk > r->pre_size / 2) chunk = r->pre_size / 2;
  for (int k = 0; k < SC_REVERB_LINES; k++) {
    float now = sc_linear_ramp_at(&r->tap[k], 0);
    uint32_t behind = now < 1.0f ? 1 : (uint32_t)now;
    if (r->length[k] < behind) behind = r->length[k];
    if (chunk > behind) chunk = behind;
  }
  r->chunk = chunk < 1 ? 1 : chunk;
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
  reverb_chunk(r);
}

/* `n` frames of the circular `ring` (`size` long) from `at` into `to`, and back. */
static void ring_read(float *restrict to, const float *restrict ring, uint32_t size, uint32_t at,
                      uint32_t n) {
  uint32_t first = size - at < n ? size - at : n;
  memcpy(to, ring + at, first * sizeof(float));
  memcpy(to + first, ring, (n - first) * sizeof(float));
}

static void ring_write(float *restrict ring, uint32_t size, uint32_t at, const float *restrict from,
                       uint32_t n) {
  uint32_t first = size - at < n ? size - at : n;
  memcpy(ring + at, from, first * sizeof(float));
  memcpy(ring, from + first, (n - first) * sizeof(float));
}

/* Schroeder's all-pass, (-g + z^-m) / (1 - g z^-m), over `n` frames of `x` in place. Within a
 * run up to the line's end no frame reads what the run writes, so each run is a loop without a
 * carried dependence. */
static void diffuse(float *restrict line, uint32_t length, uint32_t *pos, float *restrict x,
                    uint32_t n) {
  const float g = (float)SC_REVERB_DIFFUSER_GAIN;
  uint32_t p = *pos;
  for (uint32_t done = 0; done < n;) {
    uint32_t run = length - p < n - done ? length - p : n - done;
    float *restrict l = line + p, *restrict y = x + done;
    for (uint32_t m = 0; m < run; m++) {
      float delayed = l[m];
      float w = y[m] + g * delayed;
      l[m] = w;
      y[m] = delayed - g * w;
    }
    done += run, p += run;
    if (p == length) p = 0;
  }
  *pos = p;
}

/* Each side's input from frame `at`, `n` frames (at most the chunk), through the pre-delay
 * (into `predelayed`) and the diffusers (into `diffused`). */
static void feed_input(sc_reverb *r, const float *in_left, const float *in_right, uint32_t at,
                       uint32_t n) {
  for (int side = 0; side < 2; side++) {
    const float *in = side ? in_right : in_left;
    float *pre = r->pre[side], *y = r->predelayed[side];
    uint32_t read = r->pre_pos >= r->pre_delay ? r->pre_pos - r->pre_delay
                                               : r->pre_pos + r->pre_size - r->pre_delay;
    /* a delay shorter than the block reads frames the block writes: write first; a longer one
     * may read what the block overwrites: read first (the block is at most half the line) */
    if (r->pre_delay < n) {
      if (in)
        ring_write(pre, r->pre_size, r->pre_pos, in + at, n);
      else
        for (uint32_t m = 0, p = r->pre_pos; m < n; m++, p = p + 1 == r->pre_size ? 0 : p + 1)
          pre[p] = 0.0f;
      ring_read(y, pre, r->pre_size, read, n);
    } else {
      ring_read(y, pre, r->pre_size, read, n);
      if (in)
        ring_write(pre, r->pre_size, r->pre_pos, in + at, n);
      else
        for (uint32_t m = 0, p = r->pre_pos; m < n; m++, p = p + 1 == r->pre_size ? 0 : p + 1)
          pre[p] = 0.0f;
    }
    float *x = r->diffused[side];
    memcpy(x, y, n * sizeof(float));
    for (int d = 0; d < SC_REVERB_DIFFUSERS; d++)
      diffuse(r->diffuser[side][d], r->diffuser_length[side][d], &r->diffuser_pos[side][d], x, n);
  }
  r->pre_pos += n;
  if (r->pre_pos >= r->pre_size) r->pre_pos -= r->pre_size;
}

/* Each line's output for the block's `n` frames into `block`: `length` behind where it is
 * written, or between frames where its tap glides. */
static void read_lines(sc_reverb *r, uint32_t at, uint32_t n) {
  for (int k = 0; k < SC_REVERB_LINES; k++) {
    float *out = r->block + (size_t)k * SC_REVERB_BLOCK;
    uint32_t pos = r->pos[k], capacity = r->capacity[k];
    if (r->tap[k].left > at) {
      for (uint32_t m = 0; m < n; m++, pos = pos + 1 == capacity ? 0 : pos + 1)
        out[m] =
            sc_delay_read_behind(r->line[k], capacity, pos, sc_linear_ramp_at(&r->tap[k], at + m));
    } else {
      uint32_t length = r->length[k];
      ring_read(out, r->line[k], capacity, pos >= length ? pos - length : pos + capacity - length,
                n);
    }
  }
}

/* The network's output plus each line's share of the input (half a side's, the sign as the
 * Hadamard matrix's third row has it) into the lines. */
static void write_lines(sc_reverb *r, uint32_t n) {
  for (int k = 0; k < SC_REVERB_LINES; k++) {
    const float *restrict s = r->block + (size_t)k * SC_REVERB_BLOCK;
    const float *restrict x = r->diffused[k & 1];
    /* the input reaches half the lines from each side, so each line's share keeps unit power */
    const float gain = k & 4 ? -0.5f : 0.5f;
    float *line = r->line[k];
    uint32_t pos = r->pos[k], capacity = r->capacity[k];
    for (uint32_t done = 0; done < n;) {
      uint32_t run = capacity - pos < n - done ? capacity - pos : n - done;
      float *restrict to = line + pos;
      for (uint32_t m = 0; m < run; m++) to[m] = s[done + m] + x[done + m] * gain;
      done += run, pos += run;
      if (pos == capacity) pos = 0;
    }
    r->pos[k] = pos;
  }
}

/* Adds the block's return, rows 1 and 2 of the Hadamard mixing (orthogonal taps, uncorrelated
 * sides), to the output with the width's and level's gains. */
static void mix(const sc_reverb *r, float *out_left, float *out_right, uint32_t at, uint32_t n) {
  const float *restrict left = r->block + SC_REVERB_BLOCK;
  const float *restrict right = r->block + 2 * SC_REVERB_BLOCK;
  float *restrict out_l = out_left + at, *restrict out_r = out_right + at;
  if (r->direct_ramp.left > at || r->cross_ramp.left > at) {
    for (uint32_t m = 0; m < n; m++) {
      float direct = sc_linear_ramp_at(&r->direct_ramp, at + m);
      float cross = sc_linear_ramp_at(&r->cross_ramp, at + m);
      out_l[m] += direct * left[m] + cross * right[m];
      out_r[m] += direct * right[m] + cross * left[m];
    }
    return;
  }
  const float direct = r->direct, cross = r->cross;
  for (uint32_t m = 0; m < n; m++) {
    out_l[m] += direct * left[m] + cross * right[m];
    out_r[m] += direct * right[m] + cross * left[m];
  }
}

/* Whether frame `at` of the input is not silence. */
static bool input_at(const float *in_left, const float *in_right, uint32_t at) {
  return (in_left && in_left[at] != 0.0f) || (in_right && in_right[at] != 0.0f);
}

/* One past the block's last frame with input or with anything inside at or above the silence
 * level (each side after the pre-delay and after the diffusers, each line's output); 0 when
 * there is none. From the end: while sound lasts the last frame answers. */
static uint32_t after_last_sound(const sc_reverb *r, const float *in_left, const float *in_right,
                                 uint32_t at, uint32_t n) {
  for (uint32_t m = n; m-- > 0;) {
    if (input_at(in_left, in_right, at + m)) return m + 1;
    float level = 0.0f;
    for (int side = 0; side < 2; side++)
      level = fmaxf(level, fmaxf(fabsf(r->predelayed[side][m]), fabsf(r->diffused[side][m])));
    for (int k = 0; k < SC_REVERB_LINES; k++)
      level = fmaxf(level, fabsf(r->block[(size_t)k * SC_REVERB_BLOCK + m]));
    if (level >= SC_EFFECT_SILENCE_LEVEL) return m + 1;
  }
  return 0;
}

static void advance_ramps(sc_reverb *r, uint32_t frames) {
  sc_linear_ramp_advance(&r->direct_ramp, frames);
  sc_linear_ramp_advance(&r->cross_ramp, frames);
  for (int k = 0; k < SC_REVERB_LINES; k++) sc_linear_ramp_advance(&r->tap[k], frames);
}

bool sc_reverb_process(sc_reverb *r, const float *in_left, const float *in_right, float *out_left,
                       float *out_right, uint32_t frames) {
  if (!in_left && !in_right && !r->active) {
    advance_ramps(r, frames);
    return false;
  }
  bool added = false;
  for (uint32_t i = 0; i < frames;) {
    if (!r->active) {
      /* cleared: nothing to do before the next frame of input */
      while (i < frames && !input_at(in_left, in_right, i)) i++;
      if (i == frames) break;
      r->active = true;
    }
    uint32_t n = frames - i < r->chunk ? frames - i : r->chunk;
    /* the block ends where the reverb clears itself should all stay silent, as a frame-by-frame
     * reverb would (on the next frame when new settings shortened the longest path) */
    uint32_t until_clear = r->quiet > r->longest_path ? 1 : r->longest_path + 1 - r->quiet;
    if (n > until_clear) n = until_clear;
    feed_input(r, in_left, in_right, i, n);
    read_lines(r, i, n);
    uint32_t sound = after_last_sound(r, in_left, in_right, i, n);
    r->network(r->block, r->low, r->feed, r->pole, n);
    write_lines(r, n);
    mix(r, out_left, out_right, i, n);
    added = true;
    r->quiet = sound ? n - sound : r->quiet + n;
    if (r->quiet > r->longest_path) sc_reverb_clear(r);
    i += n;
  }
  advance_ramps(r, frames);
  return added;
}
