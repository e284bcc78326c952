/* Deliberately broken reporters in plain C, one defect each (chosen by a -D flag). */
#include <zoo/reporter.h>

#include <signal.h>

static zoo_status_t Render(const zoo_report_request_t *request, const zoo_report_output_t *output) {
  (void)request;
#if defined(BROKEN_CRASHING)
  (void)output;
  raise(SIGSEGV);
  return ZOO_STATUS_OK;
#elif defined(BROKEN_ESCAPING)
  static const char kText[] = "outside the report folder";
  return output->write_file(output, "../escaped.txt", kText, sizeof kText - 1);
#else
  (void)output;
  return ZOO_STATUS_OK;
#endif
}

static const char *ErrorText(void) { return "the escaping reporter's write was refused"; }

#if defined(BROKEN_CRASHING)
#define NAME "crashing"
#elif defined(BROKEN_ESCAPING)
#define NAME "escaping"
#else
#define NAME "wrong_magic"
#endif

ZOO_REPORTER_EXPORT const zoo_reporter_entry_t zoo_reporter_entry = {
#if defined(BROKEN_WRONG_MAGIC)
    .magic = 0xDEADBEEFu,
#else
    .magic = ZOO_REPORTER_MAGIC,
#endif
    .abi_major = ZOO_REPORTER_ABI_MAJOR,
    .abi_minor = ZOO_REPORTER_ABI_MINOR,
    .struct_size = sizeof(zoo_reporter_entry_t),
    .name = NAME,
    .version = "1.0.0",
    .description = "Test reporter with one defect",
    .formats = NAME,
    .languages = "en",
    .min_model_version = 1,
    .max_model_version = 1,
    .render = Render,
    .error_text = ErrorText,
};
