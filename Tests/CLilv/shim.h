/* lilv, the reference LV2 host library, and the LV2 headers a host needs. */
#include <lilv/lilv.h>
#include <stdarg.h>
#include <stdio.h>
#include <lv2/atom/forge.h>
#include <lv2/atom/util.h>
#include <lv2/buf-size/buf-size.h>
#include <lv2/core/lv2.h>
#include <lv2/log/log.h>
#include <lv2/midi/midi.h>
#include <lv2/options/options.h>
#include <lv2/parameters/parameters.h>
#include <lv2/patch/patch.h>
#include <lv2/state/state.h>
#include <lv2/time/time.h>
#include <lv2/urid/urid.h>
#include <lv2/worker/worker.h>

/* LV2's log calls printf-style functions, which Swift cannot define: this log formats each
 * message and hands it to `sink`. */
typedef struct lv2test_log {
  void (*sink)(void *context, LV2_URID type, const char *message);
  void *context;
  LV2_Log_Log log;
} lv2test_log;

static int lv2test_log_vprintf(LV2_Log_Handle handle, LV2_URID type, const char *format,
                               va_list arguments) {
  lv2test_log *log = handle;
  char text[4096];
  int length = vsnprintf(text, sizeof text, format, arguments);
  log->sink(log->context, type, text);
  return length;
}

static int lv2test_log_printf(LV2_Log_Handle handle, LV2_URID type, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  int length = lv2test_log_vprintf(handle, type, format, arguments);
  va_end(arguments);
  return length;
}

static inline void lv2test_log_init(lv2test_log *log,
                                    void (*sink)(void *context, LV2_URID type, const char *message),
                                    void *context) {
  log->sink = sink;
  log->context = context;
  log->log.handle = log;
  log->log.printf = lv2test_log_printf;
  log->log.vprintf = lv2test_log_vprintf;
}
