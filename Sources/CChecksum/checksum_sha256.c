#include "checksum_sha256.h"

#include <string.h>

/* The first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
static const uint32_t round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t rotate_right(uint32_t value, unsigned count) {
  return (value >> count) | (value << (32 - count));
}

static void compress(uint32_t hash[8], const uint8_t block[64]) {
  uint32_t schedule[64];
  for (int t = 0; t < 16; t++) {
    schedule[t] = (uint32_t)block[4 * t] << 24 | (uint32_t)block[4 * t + 1] << 16 |
                  (uint32_t)block[4 * t + 2] << 8 | (uint32_t)block[4 * t + 3];
  }
  for (int t = 16; t < 64; t++) {
    uint32_t s0 = rotate_right(schedule[t - 15], 7) ^ rotate_right(schedule[t - 15], 18) ^
                  (schedule[t - 15] >> 3);
    uint32_t s1 = rotate_right(schedule[t - 2], 17) ^ rotate_right(schedule[t - 2], 19) ^
                  (schedule[t - 2] >> 10);
    schedule[t] = schedule[t - 16] + s0 + schedule[t - 7] + s1;
  }
  uint32_t a = hash[0], b = hash[1], c = hash[2], d = hash[3];
  uint32_t e = hash[4], f = hash[5], g = hash[6], h = hash[7];
  for (int t = 0; t < 64; t++) {
    uint32_t sum1 = rotate_right(e, 6) ^ rotate_right(e, 11) ^ rotate_right(e, 25);
    uint32_t choice = (e & f) ^ (~e & g);
    uint32_t first = h + sum1 + choice + round_constants[t] + schedule[t];
    uint32_t sum0 = rotate_right(a, 2) ^ rotate_right(a, 13) ^ rotate_right(a, 22);
    uint32_t majority = (a & b) ^ (a & c) ^ (b & c);
    h = g;
    g = f;
    f = e;
    e = d + first;
    d = c;
    c = b;
    b = a;
    a = first + sum0 + majority;
  }
  hash[0] += a;
  hash[1] += b;
  hash[2] += c;
  hash[3] += d;
  hash[4] += e;
  hash[5] += f;
  hash[6] += g;
  hash[7] += h;
}

void checksum_sha256_init(checksum_sha256 *state) {
  static const uint32_t initial[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  memcpy(state->hash, initial, sizeof initial);
  state->pending_count = 0;
  state->length = 0;
}

void checksum_sha256_update(checksum_sha256 *state, const void *bytes, size_t count) {
  const uint8_t *input = bytes;
  state->length += count;
  if (state->pending_count > 0) {
    size_t taken = 64 - state->pending_count < count ? 64 - state->pending_count : count;
    memcpy(state->pending + state->pending_count, input, taken);
    state->pending_count += taken;
    input += taken;
    count -= taken;
    if (state->pending_count < 64) return;
    compress(state->hash, state->pending);
    state->pending_count = 0;
  }
  for (; count >= 64; input += 64, count -= 64) compress(state->hash, input);
  memcpy(state->pending, input, count);
  state->pending_count = count;
}

void checksum_sha256_finish(checksum_sha256 *state, uint8_t digest[32]) {
  uint64_t bits = state->length * 8;
  uint8_t padding[72] = {0x80};
  /* 0x80, zeros up to 56 bytes into a block, then the length in bits, big-endian */
  size_t zeros = (119 - state->pending_count) % 64;
  for (int i = 0; i < 8; i++) padding[1 + zeros + i] = (uint8_t)(bits >> (56 - 8 * i));
  checksum_sha256_update(state, padding, 1 + zeros + 8);
  for (int i = 0; i < 8; i++) {
    digest[4 * i] = (uint8_t)(state->hash[i] >> 24);
    digest[4 * i + 1] = (uint8_t)(state->hash[i] >> 16);
    digest[4 * i + 2] = (uint8_t)(state->hash[i] >> 8);
    digest[4 * i + 3] = (uint8_t)state->hash[i];
  }
}
