/* stream.h - one voice's ring buffer for a streamed sample (stream.c): the request the render
 * thread publishes, the frames the reader thread writes, and reading the voice's sample through
 * the resident frames and the ring.
 *
 * Frame f of the sample sits at ring index (f - origin) mod capacity. SC_SAMPLE_PADDING guard
 * frames on each side mirror the other end of the ring, so the interpolation taps around any
 * index are contiguous, as in a resident sample. The reader writes frame g only when the voice
 * will never read g - capacity again (it publishes the lowest frame it may still read), and
 * publishes what it wrote with the request's generation, so frames written for an older request
 * are never read. */
#ifndef SC_STREAM_H
#define SC_STREAM_H

#include <stdatomic.h>

#include "config.h"
#include "sampler_core.h"

typedef struct sc_voice sc_voice;

typedef struct sc_stream {
  /* the request: written by the render thread, read by the reader */
  _Atomic uint32_t generation;
  _Atomic uint64_t key;        /* 0 when the voice needs nothing */
  _Atomic uint64_t origin;     /* the frame at ring index 0 */
  _Atomic uint64_t read_frame; /* the lowest frame the voice may still read */
  _Atomic uint64_t frame_count;
  _Atomic uint32_t layout; /* format << 8 | channels */
  /* written by the reader: the generation it wrote for, frames written from origin, failure */
  _Atomic uint64_t filled;
  /* the render thread's own copy of its request */
  uint32_t render_generation;
  uint64_t render_origin;
  bool armed;
  char *ring; /* SC_SAMPLE_PADDING + capacity + SC_SAMPLE_PADDING frames of up to 2 floats */
  uint32_t ring_capacity; /* in the first stream: the capacity the rings were mapped with */
} sc_stream;

/* Allocates the rings of `count` streams of `capacity` frames. [control] */
sc_stream *sc_streams_create(uint32_t count, uint32_t capacity);
void sc_streams_destroy(sc_stream *streams, uint32_t count);

/* Points the voice's ring at the frames it will need beyond its sample's resident ones, reading
 * forward from where its playhead is now; called at start and whenever the playhead jumps back.
 * [render] */
void sc_stream_follow(sc_engine *engine, sc_voice *voice);
/* The voice is done with its ring. [render] */
void sc_stream_release(sc_stream *stream);

/* Reads up to `count` frames of a streamed sample's straight (not looping) part at `inc`, at most
 * `fast` of them; returns how many, 0 when the frames are missing and the voice must end. Starts
 * an underrun fade while there are still frames for it. [render] */
uint32_t sc_stream_read(sc_engine *engine, sc_voice *voice, uint64_t inc, uint64_t fast,
                        uint32_t count, float *left, float *right);

#endif
