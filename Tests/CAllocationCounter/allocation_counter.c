#include "allocation_counter.h"

#include <errno.h>
#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define ALLOCATION_COUNTER_SANITIZED 1
#endif
#endif

#if defined(__GLIBC__) && !defined(ALLOCATION_COUNTER_SANITIZED)
#define ALLOCATION_COUNTER_INTERPOSES 1
#endif

/* initial-exec: the test executable's own TLS is laid out at start, so reading it inside malloc
 * can never itself allocate. */
static _Thread_local __attribute__((tls_model("initial-exec"))) bool counting;
static _Thread_local __attribute__((tls_model("initial-exec"))) int64_t count;

bool allocation_counter_available(void) {
#ifdef ALLOCATION_COUNTER_INTERPOSES
  return true;
#else
  return false;
#endif
}

void allocation_counter_begin(void) {
  count = 0;
  counting = true;
}

int64_t allocation_counter_end(void) {
  counting = false;
  return count;
}

#ifdef ALLOCATION_COUNTER_INTERPOSES

/* glibc's allocator under its exported internal names. Every entry point below forwards to the
 * same heap, so memory from any of them is released by the untouched free(). */
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

static inline void note_allocation(void) {
  if (counting) count += 1;
}

void *malloc(size_t size) {
  note_allocation();
  return __libc_malloc(size);
}

void *calloc(size_t number, size_t size) {
  note_allocation();
  return __libc_calloc(number, size);
}

void *realloc(void *pointer, size_t size) {
  note_allocation();
  return __libc_realloc(pointer, size);
}

void *reallocarray(void *pointer, size_t number, size_t size) {
  size_t total;
  if (__builtin_mul_overflow(number, size, &total)) {
    errno = ENOMEM;
    return NULL;
  }
  return realloc(pointer, total);
}

void *memalign(size_t alignment, size_t size) {
  note_allocation();
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
  /* POSIX: the alignment must be a power of two and a multiple of sizeof(void *) */
  if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
  void *pointer = memalign(alignment, size);
  if (!pointer) return ENOMEM;
  *result = pointer;
  return 0;
}

void *valloc(size_t size) {
  note_allocation();
  return __libc_valloc(size);
}

void *pvalloc(size_t size) {
  note_allocation();
  return __libc_pvalloc(size);
}

#endif
