/* denormals.c - flush-to-zero for the duration of a render call: decaying filters and envelopes
 * would otherwise produce denormal floats that cost a hundred times more to compute. */
#include "dsp/denormals.h"

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
/* FTZ (bit 15) and DAZ (bit 6) of MXCSR. */
#define SC_MXCSR_FLUSH 0x8040u

void sc_denormals_flush_begin(sc_fp_state *state) {
  unsigned csr = _mm_getcsr();
  state->saved = csr;
  _mm_setcsr(csr | SC_MXCSR_FLUSH);
}

void sc_denormals_flush_end(const sc_fp_state *state) { _mm_setcsr((unsigned)state->saved); }

#elif defined(__aarch64__)
/* FZ, bit 24 of FPCR. */
#define SC_FPCR_FZ ((uint64_t)1 << 24)

void sc_denormals_flush_begin(sc_fp_state *state) {
  uint64_t fpcr;
  __asm__ __volatile__("mrs %0, fpcr" : "=r"(fpcr));
  state->saved = fpcr;
  fpcr |= SC_FPCR_FZ;
  __asm__ __volatile__("msr fpcr, %0" : : "r"(fpcr));
}

void sc_denormals_flush_end(const sc_fp_state *state) {
  uint64_t fpcr = state->saved;
  __asm__ __volatile__("msr fpcr, %0" : : "r"(fpcr));
}

#else
void sc_denormals_flush_begin(sc_fp_state *state) { state->saved = 0; }
void sc_denormals_flush_end(const sc_fp_state *state) { (void)state; }
#endif
