#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

/* Counts the heap allocations made by one thread while it asks for counting. Other threads pay one
 * thread-local read per allocation and are never counted, so tests running beside a measurement
 * cannot disturb it (or be disturbed by it). */

/* Whether allocations can be counted in this process: glibc without a sanitizer runtime, which
 * would otherwise own malloc. */
bool allocation_counter_available(void);

/* Starts counting this thread's allocations from zero. */
void allocation_counter_begin(void);

/* Stops counting on this thread and returns how many allocations it made since begin. */
int64_t allocation_counter_end(void);

#endif
