/* SHA-256 (FIPS 180-4) for sfzplay batch's output checksums: in C so that checking a batch's
 * gigabytes of outputs costs little even in a debug build, where Swift's per-byte arithmetic is
 * a function call per operator. */
#ifndef CHECKSUM_SHA256_H
#define CHECKSUM_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct checksum_sha256 {
  uint32_t hash[8];
  uint8_t pending[64];
  size_t pending_count;
  uint64_t length;
} checksum_sha256;

/* Starts a hash. */
void checksum_sha256_init(checksum_sha256 *state);
/* Adds `count` bytes. */
void checksum_sha256_update(checksum_sha256 *state, const void *bytes, size_t count);
/* Pads, ends the hash and writes its 32 bytes to `digest`. */
void checksum_sha256_finish(checksum_sha256 *state, uint8_t digest[32]);

#endif
