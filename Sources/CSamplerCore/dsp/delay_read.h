/* delay_read.h - reading a circular delay line some frames behind where it is written, between
 * frames while a tap glides. A DSP leaf. */
#ifndef SC_DELAY_READ_H
#define SC_DELAY_READ_H

#include <stdint.h>

/* The line `behind` frames before the write position `pos` (1...length), linear between
 * frames. */
static inline float sc_delay_read_behind(const float *line, uint32_t length, uint32_t pos,
                                         float behind) {
  behind = behind < 1.0f ? 1.0f : behind > (float)length ? (float)length : behind;
  uint32_t whole = (uint32_t)behind;
  float fraction = behind - (float)whole;
  uint32_t at = pos >= whole ? pos - whole : pos + length - whole;
  if (fraction == 0.0f) return line[at];
  float further = line[at == 0 ? length - 1 : at - 1];
  return line[at] + fraction * (further - line[at]);
}

#endif
