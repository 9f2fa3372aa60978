/* voice_mix.c - a voice's chunk into the mix: panned, its gain ramped from the last control
 * point to this one so no step is audible, checked for sanity, and a voice with sends added into
 * them too; see voice_mix.h. */
#include <math.h>
#include <string.h>

#include "dsp/dsp_math.h"
#include "state/engine_state.h"
#include "voice/mix_groups.h"
#include "voice/voice_alloc.h"
#include "voice/voice_mix.h"

/* Equal-power pan normalised to unity at the centre, so a centred mono sample keeps its level.
 * Hard left and right give the far side exactly nothing (the cosine of a float near pi/2 is not
 * quite 0), so that a stereo pair's sides (instrument/stereo_pairs.h) never cross. */
static void pan_gains(float pan, float *gl, float *gr) {
  if (pan == -1.0f || pan == 1.0f) {
    *gl = pan < 0.0f ? (float)SC_SQRT2 : 0.0f;
    *gr = pan < 0.0f ? 0.0f : (float)SC_SQRT2;
    return;
  }
  float angle = (pan + 1.0f) * (float)(SC_PI / 4.0);
  *gl = (float)SC_SQRT2 * cosf(angle);
  *gr = (float)SC_SQRT2 * sinf(angle);
}

/* Moves a side's pan gains to `pan` (phase=invert flips their sign, once per pan change: the
 * voice's gain stays positive, which stealing, the quietest voice, relies on); returns whether
 * this is the voice's first chunk, when there is nothing to ramp from. */
static bool place(float pan, bool invert, float *last, float *gl, float *gr) {
  bool first = isnan(*last);
  if (pan != *last) {
    pan_gains(pan, gl, gr);
    if (invert) *gl = -*gl, *gr = -*gr;
    *last = pan;
  }
  return first;
}

static float clamp_pan(float pan) { return pan < -1.0f ? -1.0f : pan > 1.0f ? 1.0f : pan; }

/* A paired voice's chunk into the mix (or, with `store`, written there): each side of its
 * sample placed by its own side's pan gains, ramped from `from` to `to` (left side's left and
 * right, then the partner side's), at the voice's gain ramped as add_chunk ramps it. */
static void add_pair(float *restrict out_left, float *restrict out_right,
                     const float *restrict left, const float *restrict right, float g, float step,
                     const float from[4], const float to[4], uint32_t got, uint32_t n, bool store) {
#pragma STDC FP_CONTRACT OFF
  float d[4];
  for (int k = 0; k < 4; k++) d[k] = (to[k] - from[k]) / (float)n;
  if (store) {
    memset(out_left, 0, got * sizeof *out_left);
    memset(out_right, 0, got * sizeof *out_right);
  }
  for (uint32_t i = 0; i < got; i++) {
    float gain = g + step * (float)i, at = (float)i;
    float x = left[i] * gain, y = right[i] * gain;
    out_left[i] += x * (from[0] + d[0] * at) + y * (from[2] + d[2] * at);
    out_right[i] += x * (from[1] + d[1] * at) + y * (from[3] + d[3] * at);
  }
}

/* Whether every value lies within ±SC_BROKEN_VOICE_LEVEL; NaN and infinity do not (a comparison
 * with NaN is false). Written so that the compiler vectorises it: one compare per four values. */
static bool chunk_is_sane(const float *x, uint32_t n) {
  int sane = 1;
  for (uint32_t i = 0; i < n; i++) sane &= fabsf(x[i]) <= SC_BROKEN_VOICE_LEVEL;
  return sane;
}

static bool gain_is_sane(float g) { return fabsf(g) <= SC_BROKEN_VOICE_LEVEL; }

/* Adds a chunk whose pan moved since the last one into the mix (or, with `store`, writes it
 * there), each side's gain (level times pan) ramped from the last chunk's to this one's: `right`
 * is `left` for a mono voice. Apart from the steady loops in mix_chunk, so that they, far the
 * more common, cost what they did. */
static void add_panning(float *out_left, float *out_right, const float *left, const float *right,
                        uint32_t got, uint32_t n, float g0, float g1, const float from[2],
                        const float to[2], bool store) {
  float lg = g0 * from[0], lstep = (g1 * to[0] - lg) / (float)n;
  float rg = g0 * from[1], rstep = (g1 * to[1] - rg) / (float)n;
  if (store) {
    memset(out_left, 0, got * sizeof *out_left);
    memset(out_right, 0, got * sizeof *out_right);
  }
  for (uint32_t i = 0; i < got; i++, lg += lstep, rg += rstep) {
    out_left[i] += left[i] * lg;
    out_right[i] += right[i] * rg;
  }
}

/* Adds a chunk whose pan holds still into the mix, frame i at gain g + i step times each side's
 * pan gain; `right` is NULL for a mono voice. Each frame's gain is its own product, not a running
 * sum of the step: a running sum is a chain of dependent additions, 32 a chunk, which held most
 * voices' chunks (8% of a General MIDI song's time); this way the loop works a vector of frames
 * at once. Each product is rounded before it is added (no fused multiply-add), as an offline
 * render team's voice buffers are added (render_team.c). With `store` the chunk is written, not
 * added: what adding it to +0 would give. */
static void add_chunk(float *restrict out_left, float *restrict out_right,
                      const float *restrict left, const float *restrict right, float g, float step,
                      float gl, float gr, uint32_t got, bool store) {
#pragma STDC FP_CONTRACT OFF
  if (store && right) {
    for (uint32_t i = 0; i < got; i++) {
      float gain = g + step * (float)i;
      out_left[i] = 0.0f + left[i] * gain * gl;
      out_right[i] = 0.0f + right[i] * gain * gr;
    }
  } else if (store) {
    for (uint32_t i = 0; i < got; i++) {
      float x = left[i] * (g + step * (float)i);
      out_left[i] = 0.0f + x * gl;
      out_right[i] = 0.0f + x * gr;
    }
  } else if (right) {
    for (uint32_t i = 0; i < got; i++) {
      float gain = g + step * (float)i;
      out_left[i] += left[i] * gain * gl;
      out_right[i] += right[i] * gain * gr;
    }
  } else {
    for (uint32_t i = 0; i < got; i++) {
      float x = left[i] * (g + step * (float)i);
      out_left[i] += x * gl;
      out_right[i] += x * gr;
    }
  }
}

/* Pans and adds the chunk to the output with the gain, and each side's pan gain, ramped from
 * the last chunk's to this one's (`g1` for the gain), so that neither a level nor a pan change
 * steps; a chunk that is not finite or absurdly loud is dropped instead and the voice cut, so
 * one bad voice never poisons the mix. Returns false when it was. */
bool sc_voice_mix_chunk(sc_engine *engine, sc_voice *v, const sc_live_mods *live, bool stereo,
                        float g1, float *bl, float *br, float *out_left, float *out_right,
                        uint32_t got, uint32_t n, bool store) {
  /* a mono sample is placed by pan and position alike; a stereo one is narrowed by width,
   * then its image is moved by both */
  float moved = v->level.channel_pan + v->note.pan +
                (live->value[SC_MOD_PAN] + live->value[SC_MOD_POSITION]) / 100.0f +
                v->level.position;
  bool invert = v->region->phase_invert;
  float gl0 = v->level.pan_left, gr0 = v->level.pan_right;
  sc_voice_level *level = &v->level;
  bool first = place(clamp_pan(level->base_pan + moved), invert, &level->last_pan, &level->pan_left,
                     &level->pan_right);
  float gl = v->level.pan_left, gr = v->level.pan_right;
  if (first) gl0 = gl, gr0 = gr;
  bool paired = v->play->paired;
  float from[4] = {gl0, gr0, level->partner_left, level->partner_right};
  if (paired && place(clamp_pan(level->partner_base_pan + moved), invert, &level->partner_last_pan,
                      &level->partner_left, &level->partner_right))
    from[2] = level->partner_left, from[3] = level->partner_right;
  if (!chunk_is_sane(bl, got) || (stereo && !chunk_is_sane(br, got)) || !gain_is_sane(g1) ||
      !gain_is_sane(v->level.gain) || !gain_is_sane(gl) || !gain_is_sane(gr)) {
    atomic_fetch_add_explicit(&engine->stat_silenced, 1, memory_order_relaxed);
    sc_voice_end(v);
    return false;
  }
  float g = v->level.gain, step = (g1 - v->level.gain) / (float)n;
  if (paired) {
    const float to[4] = {gl, gr, level->partner_left, level->partner_right};
    /* two sides panned hard apart and holding still, as an SF2 conversion's pairs play: the
     * sides go one to each output, a stereo voice's steady chunk */
    if (memcmp(from, to, sizeof to) == 0 && gr == 0.0f && to[2] == 0.0f)
      add_chunk(out_left, out_right, bl, br, g, step, gl, to[3], got, store);
    else
      add_pair(out_left, out_right, bl, br, g, step, from, to, got, n, store);
    return true;
  }
  if (stereo) {
    float width = v->level.width + live->value[SC_MOD_WIDTH] / 100.0f;
    if (width != 1.0f) {
      float same = (1.0f + width) / 2.0f, other = (1.0f - width) / 2.0f;
      for (uint32_t i = 0; i < got; i++) {
        float l = bl[i], rr = br[i];
        bl[i] = same * l + other * rr;
        br[i] = same * rr + other * l;
      }
    }
  }
  if (gl0 != gl || gr0 != gr) {
    const float from[2] = {gl0, gr0}, to[2] = {gl, gr};
    add_panning(out_left, out_right, bl, stereo ? br : bl, got, n, g, g1, from, to, store);
    return true;
  }
  add_chunk(out_left, out_right, bl, stereo ? br : NULL, g, step, gl, gr, got, store);
  return true;
}

/* Adds the voice's span, rendered into `dry`, into the mix and into the group's sends, each at
 * its gain, in one pass: the group's sends are summed in slot order as its dry mix is, so a
 * render team's threads give the same bits as one. */
void sc_voice_add_dry_and_sends(sc_engine *engine, const sc_voice *v, float *restrict left,
                                float *restrict right, const float *restrict dry_left,
                                const float *restrict dry_right, uint32_t frames) {
  uint32_t g = sc_mix_group_of((uint32_t)(v - engine->voices));
  float(*sends)[2][SC_SPAN_FRAMES] = engine->group_send[g];
  if (!engine->group_sent[g]) {
    for (int b = 0; b < SC_BUS_SENDS; b++) {
      memset(sends[b][0], 0, frames * sizeof(float));
      memset(sends[b][1], 0, frames * sizeof(float));
    }
    engine->group_sent[g] = true;
  }
  /* the mix and the first send in one pass, any further sends after it (a voice has at least
   * one: v->level.sends) */
  int b = 0;
  while (b < SC_BUS_SENDS - 1 && v->level.send[b] == 0.0f) b++;
  float gain = v->level.send[b];
  float *restrict send_left = sends[b][0], *restrict send_right = sends[b][1];
  for (uint32_t f = 0; f < frames; f++) {
    left[f] += dry_left[f], right[f] += dry_right[f];
    send_left[f] += dry_left[f] * gain, send_right[f] += dry_right[f] * gain;
  }
  for (b++; b < SC_BUS_SENDS; b++) {
    gain = v->level.send[b];
    if (gain == 0.0f) continue;
    send_left = sends[b][0], send_right = sends[b][1];
    for (uint32_t f = 0; f < frames; f++) {
      send_left[f] += dry_left[f] * gain;
      send_right[f] += dry_right[f] * gain;
    }
  }
}
