/* pages.h - memory mapped from the system in whole pages, for the engine's large buffers (sample
 * frames, stream rings). Control thread only. */
#ifndef SC_PAGES_H
#define SC_PAGES_H

#include <stddef.h>

/* Zeroed memory of at least `bytes`, or NULL. Pages not yet written are not resident. */
void *sc_pages_map(size_t bytes);

/* Gives memory from sc_pages_map, of the same `bytes`, straight back to the system. */
void sc_pages_unmap(void *pages, size_t bytes);

#endif
