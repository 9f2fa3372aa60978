/* event_queue.c - the lock-free single-producer, single-consumer ring that carries events from
 * the control thread to the render thread. */
#include "threads/event_queue.h"

bool sc_ring_push(sc_event_ring *ring, const sc_event *event) {
  uint32_t head = atomic_load_explicit(&ring->head, memory_order_relaxed);
  uint32_t tail = atomic_load_explicit(&ring->tail, memory_order_acquire);
  if (head - tail >= SC_QUEUE_CAPACITY) return false;
  ring->events[head & (SC_QUEUE_CAPACITY - 1)] = *event;
  atomic_store_explicit(&ring->head, head + 1, memory_order_release);
  return true;
}

bool sc_ring_pop(sc_event_ring *ring, sc_event *event) {
  uint32_t tail = atomic_load_explicit(&ring->tail, memory_order_relaxed);
  uint32_t head = atomic_load_explicit(&ring->head, memory_order_acquire);
  if (tail == head) return false;
  *event = ring->events[tail & (SC_QUEUE_CAPACITY - 1)];
  atomic_store_explicit(&ring->tail, tail + 1, memory_order_release);
  return true;
}
