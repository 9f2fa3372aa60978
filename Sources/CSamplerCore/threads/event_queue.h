/* event_queue.h - the lock-free ring that carries posted events from the control thread to the
 * render thread (event_queue.c). */
#ifndef SC_EVENT_QUEUE_H
#define SC_EVENT_QUEUE_H

#include <stdatomic.h>

#include "config.h"
#include "sampler_core.h"

typedef struct sc_event_ring {
  sc_event events[SC_QUEUE_CAPACITY];
  _Atomic uint32_t head; /* written by the producer */
  _Atomic uint32_t tail; /* written by the consumer */
} sc_event_ring;

/* [control] */
bool sc_ring_push(sc_event_ring *ring, const sc_event *event);
/* [render] */
bool sc_ring_pop(sc_event_ring *ring, sc_event *event);

#endif
