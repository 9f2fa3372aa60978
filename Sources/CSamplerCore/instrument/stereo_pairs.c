/* stereo_pairs.c - playing two mono regions as one stereo voice; see stereo_pairs.h. */
#include <stdlib.h>
#include <string.h>

#include "instrument/stereo_pairs.h"

/* The region with its sample and pan cleared: two regions alike in everything else are equal
 * byte for byte. Padding compares too; a region built with other bytes there is only left
 * unpaired. */
static sc_region normalized(const sc_region *r) {
  sc_region copy;
  memcpy(&copy, r, sizeof copy);
  copy.sample_index = 0;
  copy.pan = 0.0f;
  return copy;
}

/* FNV-1a over 8 bytes at a time: a region is a few kilobytes, and a bank's instrument has
 * hundreds of them to hash at every load. */
static uint64_t hash_bytes(const void *data, size_t size) {
  const unsigned char *p = data;
  uint64_t h = 1469598103934665603ull;
  size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    uint64_t word;
    memcpy(&word, p + i, 8);
    h = (h ^ word) * 1099511628211ull;
  }
  for (; i < size; i++) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

/* Whether the two samples can be the sides of one: mono, held whole, alike in format, length,
 * rate and stored loop. */
static bool samples_match(const sc_sample *a, const sc_sample *b) {
  return a != b && a->channels == 1 && b->channels == 1 && a->tail_peaks && b->tail_peaks &&
         a->format == b->format && a->frame_count == b->frame_count &&
         a->sample_rate == b->sample_rate && a->has_loop == b->has_loop &&
         (!a->has_loop || (a->loop_start == b->loop_start && a->loop_end == b->loop_end));
}

/* Whether region j can be region i's partner. */
static bool regions_match(const sc_instrument *instrument, uint32_t i, uint32_t j) {
  const sc_region *a = &instrument->regions[i], *b = &instrument->regions[j];
  const sc_region_play *pa = &instrument->play[i], *pb = &instrument->play[j];
  if (!samples_match(&instrument->samples[a->sample_index], &instrument->samples[b->sample_index]))
    return false;
  /* one voice for two would let a group's or a key's polyphony hold twice the notes */
  if (a->polyphony != 0 || a->note_polyphony != 0) return false;
  if (pa->start != pb->start || pa->last != pb->last || pa->loop_start != pb->loop_start ||
      pa->loop_end != pb->loop_end || pa->mod_count != pb->mod_count)
    return false;
  /* an instrument without modulations has no list to point into */
  if (pa->mod_count > 0 &&
      memcmp(&instrument->mods[pa->mod_first], &instrument->mods[pb->mod_first],
             pa->mod_count * sizeof(sc_modulation)) != 0)
    return false;
  sc_region na = normalized(a), nb = normalized(b);
  return memcmp(&na, &nb, sizeof na) == 0;
}

/* The stereo sample of samples `left` and `right`, made once however many pairs play it:
 * `made` remembers the pairs made so far (left, right, stereo). Returns its index or -1. */
static int32_t stereo_sample(sc_instrument *instrument, uint32_t left, uint32_t right,
                             uint32_t (*made)[3], uint32_t *made_count) {
  for (uint32_t m = 0; m < *made_count; m++)
    if (made[m][0] == left && made[m][1] == right) return (int32_t)made[m][2];
  const sc_sample *l = &instrument->samples[left], *r = &instrument->samples[right];
  const void *sides[2] = {l->frames, r->frames};
  sc_sample_data data = {.format = l->format,
                         .channels = sides,
                         .channel_count = 2,
                         .frame_count = l->frame_count,
                         .sample_rate = l->sample_rate,
                         .has_loop = l->has_loop,
                         .loop_start = l->loop_start,
                         .loop_end = l->loop_end};
  int32_t index = sc_instrument_add_sample_data(instrument, &data);
  if (index >= 0) {
    made[*made_count][0] = left, made[*made_count][1] = right,
    made[*made_count][2] = (uint32_t)index;
    (*made_count)++;
  }
  return index;
}

/* Frees the samples no region plays any more (the sides of stereo samples made here). */
static bool drop_unplayed(sc_instrument *instrument, uint32_t first_new) {
  bool *played = calloc(instrument->sample_count ? instrument->sample_count : 1, sizeof(bool));
  if (!played) return false;
  for (uint32_t i = 0; i < instrument->region_count; i++)
    if (!instrument->play[i].partnered) played[instrument->regions[i].sample_index] = true;
  for (uint32_t s = 0; s < first_new; s++)
    if (!played[s]) sc_instrument_drop_sample(instrument, s);
  free(played);
  return true;
}

bool sc_instrument_pair_regions(sc_instrument *instrument) {
  uint32_t n = instrument->region_count;
  for (uint32_t i = 0; i < n; i++)
    instrument->play[i].paired = instrument->play[i].partnered = false;
  if (n < 2) return true;
  /* regions by the hash of their normalized bytes, in chains through `next` */
  uint32_t buckets = 1;
  while (buckets < 2 * n) buckets *= 2;
  uint32_t *head = malloc(buckets * sizeof *head), *next = malloc(n * sizeof *next);
  uint32_t(*made)[3] = malloc(n * sizeof *made);
  bool ok = head && next && made;
  uint32_t made_count = 0, first_new = instrument->sample_count, sides = 0;
  if (ok) {
    for (uint32_t b = 0; b < buckets; b++) head[b] = UINT32_MAX;
    for (uint32_t i = n; i-- > 0;) {
      sc_region r = normalized(&instrument->regions[i]);
      uint32_t b = (uint32_t)(hash_bytes(&r, sizeof r) & (buckets - 1));
      next[i] = head[b];
      head[b] = i;
    }
  }
  for (uint32_t b = 0; ok && b < buckets; b++) {
    for (uint32_t i = head[b]; i != UINT32_MAX; i = next[i]) {
      if (instrument->play[i].partnered || instrument->play[i].paired) continue;
      for (uint32_t j = next[i]; j != UINT32_MAX; j = next[j]) {
        if (instrument->play[j].partnered || instrument->play[j].paired ||
            !regions_match(instrument, i, j))
          continue;
        int32_t stereo = stereo_sample(instrument, instrument->regions[i].sample_index,
                                       instrument->regions[j].sample_index, made, &made_count);
        if (stereo < 0) {
          ok = false;
          break;
        }
        instrument->regions[i].sample_index = (uint32_t)stereo;
        instrument->play[i].paired = true;
        instrument->play[i].partner_pan = instrument->regions[j].pan;
        instrument->play[j].partnered = true;
        sides++;
        break;
      }
    }
  }
  free(head);
  free(next);
  free(made);
  return ok && (sides == 0 || drop_unplayed(instrument, first_new));
}
