/* stream.c - streamed samples: the voice's ring buffer as the render thread asks for, reads and
 * lets go of it, and the reader thread's side (sc_engine_stream_*). */
#include <stdlib.h>
#include <string.h>

#include "voice/stream.h"
#include "state/engine_state.h"
#include "instrument/pages.h"
#include "voice/voice_alloc.h"

/* `filled` packs the request's generation above the frame count so that a write for an older
 * request can never be taken for one of the current request. */
#define FRAME_BITS 40
#define FRAME_MASK (((uint64_t)1 << FRAME_BITS) - 1)
#define GENERATION_MASK ((1u << 23) - 1)
#define FAILED ((uint64_t)1 << 63)
#define GUARD SC_SAMPLE_PADDING
#define MAX_FRAME_BYTES (2 * sizeof(float))
#define SC_STREAM_SILENCE_FRAMES GUARD

static uint64_t pack(uint32_t generation, uint64_t frames) {
  return ((uint64_t)(generation & GENERATION_MASK) << FRAME_BITS) | (frames & FRAME_MASK);
}

static size_t frame_bytes(sc_sample_format format, uint32_t channels) {
  return (format == SC_SAMPLE_INT16 ? sizeof(int16_t) : sizeof(float)) * channels;
}

static size_t ring_bytes(uint32_t capacity) {
  return ((size_t)capacity + 2 * GUARD) * MAX_FRAME_BYTES;
}

sc_stream *sc_streams_create(uint32_t count, uint32_t capacity) {
  sc_stream *streams = calloc(count, sizeof(sc_stream));
  if (!streams) return NULL;
  /* mapped: a ring's pages become resident only when a voice streams into it */
  char *rings = sc_pages_map(count * ring_bytes(capacity));
  if (!rings) {
    free(streams);
    return NULL;
  }
  for (uint32_t i = 0; i < count; i++) streams[i].ring = rings + i * ring_bytes(capacity);
  streams[0].ring_capacity = capacity;
  return streams;
}

void sc_streams_destroy(sc_stream *streams, uint32_t count) {
  if (!streams) return;
  if (count > 0) sc_pages_unmap(streams[0].ring, count * ring_bytes(streams[0].ring_capacity));
  free(streams);
}

static void request(sc_stream *stream, uint64_t key, const sc_sample *sample, uint64_t origin) {
  uint32_t generation = (stream->render_generation + 1) & GENERATION_MASK;
  stream->render_generation = generation;
  stream->render_origin = origin;
  stream->armed = key != 0;
  atomic_store_explicit(&stream->filled, pack(generation, 0), memory_order_relaxed);
  atomic_store_explicit(&stream->key, key, memory_order_relaxed);
  atomic_store_explicit(&stream->origin, origin, memory_order_relaxed);
  atomic_store_explicit(&stream->read_frame, origin, memory_order_relaxed);
  if (sample) {
    atomic_store_explicit(&stream->frame_count, sample->frame_count, memory_order_relaxed);
    atomic_store_explicit(&stream->layout, (uint32_t)sample->format << 8 | sample->channels,
                          memory_order_relaxed);
  }
  /* the reader that sees this generation sees the fields above */
  atomic_store_explicit(&stream->generation, generation, memory_order_release);
}

void sc_stream_release(sc_stream *stream) {
  if (stream->armed) request(stream, 0, NULL, 0);
}

void sc_stream_follow(sc_engine *engine, sc_voice *v) {
  const sc_sample *s = v->sample;
  if (!v->stream || s->resident_frames >= s->frame_count) return;
  if (v->play->last < s->resident_frames) {
    sc_stream_release(v->stream);
    return;
  }
  uint32_t reach_left, reach_right;
  sc_interpolation_reach(v->head.quality, &reach_left, &reach_right);
  uint64_t index = v->head.pos >> SC_FRACTION_BITS;
  /* from the resident frames the ring takes over a little before their end, where the taps
   * still fit in both */
  uint64_t origin = index + reach_right < s->resident_frames ? s->resident_frames - GUARD
                    : index > reach_left                     ? index - reach_left
                                                             : 0;
  request(v->stream, s->stream_key, s, origin);
}

/* Frames [*first, *end) of the voice's ring that hold the current request's data; false when
 * there are none or the reader failed. */
static bool available(const sc_stream *stream, uint32_t capacity, uint64_t *first, uint64_t *end) {
  if (!stream || !stream->armed) return false;
  uint64_t filled = atomic_load_explicit(&((sc_stream *)stream)->filled, memory_order_acquire);
  if (filled & FAILED) return false;
  if ((uint32_t)(filled >> FRAME_BITS) != (stream->render_generation & GENERATION_MASK))
    return false;
  uint64_t frames = filled & FRAME_MASK;
  *end = stream->render_origin + frames;
  *first = frames > capacity ? *end - capacity : stream->render_origin;
  return frames > 0;
}

static bool offline(sc_engine *engine) {
  return atomic_load_explicit(&engine->offline, memory_order_relaxed);
}

static void publish_read(sc_engine *engine, sc_voice *v) {
  if (!v->stream || !v->stream->armed) return;
  uint32_t reach_left, reach_right;
  sc_interpolation_reach(v->head.quality, &reach_left, &reach_right);
  uint64_t index = v->head.pos >> SC_FRACTION_BITS;
  uint64_t frame = index > reach_left ? index - reach_left : 0;
  if (frame < v->stream->render_origin) frame = v->stream->render_origin;
  atomic_store_explicit(&v->stream->read_frame, frame, memory_order_release);
}

/* A live voice about to run out of frames fades out while it still has some: the fade and the
 * chunk already under way, at the current pitch, plus the taps. */
static void watch_underrun(sc_engine *engine, sc_voice *v, uint64_t inc, uint64_t index,
                           uint64_t data_end) {
  if (offline(engine) || v->state != SC_VOICE_PLAYING || data_end > v->play->last) return;
  double output_frames = 1.0 / engine->steal_fade_step + 2.0 * SC_CONTROL_FRAMES;
  uint64_t margin = (uint64_t)(output_frames * (double)inc / (double)SC_FRACTION_ONE) + 2 * GUARD;
  if (index + margin < data_end) return;
  sc_voice_begin_fade(v, engine->steal_fade_step);
  atomic_fetch_add_explicit(&engine->stat_underruns, 1, memory_order_relaxed);
}

/* Frames for a run from `pos`, all of whose positions stay below `limit`. */
static uint64_t run_before(uint64_t pos, uint64_t inc, uint64_t limit) {
  uint64_t end = limit << SC_FRACTION_BITS;
  return end > pos ? (end - pos + inc - 1) / inc : 0;
}

uint32_t sc_stream_read(sc_engine *engine, sc_voice *v, uint64_t inc, uint64_t fast, uint32_t count,
                        float *left, float *right) {
  const sc_sample *s = v->sample;
  sc_quality quality = v->head.quality;
  uint32_t capacity = engine->config.stream_ring_frames;
  uint32_t reach_left, reach_right;
  sc_interpolation_reach(quality, &reach_left, &reach_right);
  uint64_t resident = s->resident_frames;
  uint64_t limit_count = fast < count ? fast : count;
  for (;;) {
    uint64_t pos = v->head.pos, index = pos >> SC_FRACTION_BITS;
    uint64_t first = 0, end = 0;
    bool ring = available(v->stream, capacity, &first, &end);
    uint32_t n = 0;
    if (index + reach_right < resident) {
      /* the resident frames, then the ring if it already joins them */
      uint64_t run = run_before(pos, inc, resident - reach_right);
      n = (uint32_t)(run < limit_count ? run : limit_count);
      sc_frames frames = {s->frames, s->format, s->channels};
      engine->interpolate(quality, &engine->sinc, frames, pos, inc, n, left, right);
      bool joined = ring && first + reach_left + reach_right < resident;
      watch_underrun(engine, v, inc, index, joined && end > resident ? end : resident);
    } else if (ring && index >= first + reach_left && index + reach_right < end) {
      uint64_t at = (index - v->stream->render_origin) % capacity;
      uint64_t base = index - at; /* the frame at ring index 0 in this lap */
      uint64_t stop = end - reach_right < base + capacity ? end - reach_right : base + capacity;
      uint64_t run = run_before(pos, inc, stop);
      n = (uint32_t)(run < limit_count ? run : limit_count);
      size_t bytes = frame_bytes(s->format, s->channels);
      sc_frames frames = {v->stream->ring + GUARD * bytes, s->format, s->channels};
      engine->interpolate(quality, &engine->sinc, frames, pos - (base << SC_FRACTION_BITS), inc, n,
                          left, right);
      watch_underrun(engine, v, inc, index, end);
    } else {
      bool failed = v->stream && v->stream->armed &&
                    (atomic_load_explicit(&v->stream->filled, memory_order_relaxed) & FAILED);
      if (v->stream && !failed) {
        if (!ring && !v->stream->armed) sc_stream_follow(engine, v);
        if (ring && index < first + reach_left) sc_stream_follow(engine, v);
        publish_read(engine, v);
        if (offline(engine) && engine->config.stream_wait) {
          engine->config.stream_wait(engine->config.stream_wait_context);
          continue;
        }
      }
      if (v->state == SC_VOICE_PLAYING)
        atomic_fetch_add_explicit(&engine->stat_underruns, 1, memory_order_relaxed);
      return 0;
    }
    v->head.pos += inc * n;
    publish_read(engine, v);
    return n;
  }
}

/* ---------------------------------------------------------------- the reader's side */

void sc_engine_set_offline(sc_engine *engine, bool offline) {
  if (engine) atomic_store_explicit(&engine->offline, offline, memory_order_relaxed);
}

uint32_t sc_engine_stream_count(const sc_engine *engine) {
  return engine ? engine->stream_count : 0;
}

void sc_engine_stream_work(sc_engine *engine, uint32_t index, sc_stream_work *work) {
  memset(work, 0, sizeof(*work));
  if (!engine || index >= engine->stream_count) return;
  sc_stream *stream = &engine->streams[index];
  uint32_t generation = atomic_load_explicit(&stream->generation, memory_order_acquire);
  work->generation = generation;
  work->key = atomic_load_explicit(&stream->key, memory_order_relaxed);
  if (!work->key) return;
  uint32_t layout = atomic_load_explicit(&stream->layout, memory_order_relaxed);
  work->channels = layout & 0xFF;
  work->format = (sc_sample_format)(layout >> 8);
  work->frame_count = atomic_load_explicit(&stream->frame_count, memory_order_relaxed);
  uint64_t origin = atomic_load_explicit(&stream->origin, memory_order_relaxed);
  work->origin = origin;
  uint64_t filled = atomic_load_explicit(&stream->filled, memory_order_acquire);
  if ((uint32_t)(filled >> FRAME_BITS) != generation || (filled & FAILED)) {
    work->key = 0; /* the render thread is between two requests, or this one failed */
    return;
  }
  work->frame = origin + (filled & FRAME_MASK);
  uint64_t read = atomic_load_explicit(&stream->read_frame, memory_order_acquire);
  if (read < origin) read = origin;
  uint64_t limit = read + engine->config.stream_ring_frames;
  /* past the last frame, silence for the taps, as a resident sample's padding */
  if (limit > work->frame_count + GUARD) limit = work->frame_count + GUARD;
  work->room = limit > work->frame ? limit - work->frame : 0;
}

bool sc_engine_stream_write(sc_engine *engine, uint32_t index, const sc_stream_work *work,
                            const void *frames, uint64_t count) {
  if (!engine || index >= engine->stream_count || !work->key || count > work->room) return false;
  sc_stream *stream = &engine->streams[index];
  if (atomic_load_explicit(&stream->generation, memory_order_acquire) != work->generation)
    return false;
  uint64_t capacity = engine->config.stream_ring_frames;
  uint64_t origin = work->origin;
  size_t bytes = frame_bytes(work->format, work->channels);
  char *main = stream->ring + GUARD * bytes;
  static const char silence[SC_STREAM_SILENCE_FRAMES * MAX_FRAME_BYTES];
  if (!frames && count > SC_STREAM_SILENCE_FRAMES) return false;
  const char *source = frames ? frames : silence;
  for (uint64_t done = 0; done < count;) {
    uint64_t at = (work->frame + done - origin) % capacity;
    uint64_t n = capacity - at < count - done ? capacity - at : count - done;
    memcpy(main + at * bytes, source + done * bytes, n * bytes);
    /* the guards mirror the ends, so taps across the wrap read contiguous frames */
    if (at < GUARD) {
      uint64_t m = GUARD - at < n ? GUARD - at : n;
      memcpy(main + (capacity + at) * bytes, source + done * bytes, m * bytes);
    }
    if (at + n > capacity - GUARD) {
      uint64_t from = at > capacity - GUARD ? at : capacity - GUARD;
      memcpy(main + ((int64_t)from - (int64_t)capacity) * (int64_t)bytes,
             source + (done + from - at) * bytes, (at + n - from) * bytes);
    }
    done += n;
  }
  uint64_t expected = pack(work->generation, work->frame - origin);
  return atomic_compare_exchange_strong_explicit(
      &stream->filled, &expected, pack(work->generation, work->frame - origin + count),
      memory_order_release, memory_order_relaxed);
}

void sc_engine_stream_fail(sc_engine *engine, uint32_t index, const sc_stream_work *work) {
  if (!engine || index >= engine->stream_count) return;
  sc_stream *stream = &engine->streams[index];
  uint64_t expected = pack(work->generation, work->frame - work->origin);
  atomic_compare_exchange_strong_explicit(&stream->filled, &expected, expected | FAILED,
                                          memory_order_release, memory_order_relaxed);
}
