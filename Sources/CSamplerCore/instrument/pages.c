/* pages.c - large buffers mapped from the system rather than taken from the heap. glibc raises
 * its mmap threshold (to as much as 32 MB) after large blocks are freed, and then keeps up to
 * twice that free at the top of each thread's heap, where malloc_trim does not reach: an
 * unloaded instrument's samples would stay resident, and calloc would write zeros into reused
 * heap pages where fresh mapped pages cost nothing until used. Mapped, they go back on unmap. */
/* MAP_ANONYMOUS is POSIX 2024, not C11: glibc shows it with _DEFAULT_SOURCE */
#define _DEFAULT_SOURCE
#include <sys/mman.h>

#include "instrument/pages.h"

void *sc_pages_map(size_t bytes) {
  if (bytes == 0) return NULL;
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

void sc_pages_unmap(void *pages, size_t bytes) {
  if (pages && bytes > 0) munmap(pages, bytes);
}
