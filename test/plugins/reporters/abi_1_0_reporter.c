/* A reporter binary as built against reporter ABI 1.0: abi_minor 0 and a struct_size that ends
 * at error_text. The `documents` field that follows claims "compare", standing for whatever
 * bytes lie past a 1.0 entry: the host must not read it, so this reporter renders reports
 * only. It serves "md", so a host that did read it would hand it compare documents. */
#include <zoo/reporter.h>

static zoo_status_t Render(const zoo_report_request_t *request, const zoo_report_output_t *output) {
  (void)request;
  static const char kText[] = "written by abi_1_0\n";
  return output->write_file(output, "abi_1_0.txt", kText, sizeof kText - 1);
}

static const char *ErrorText(void) { return ""; }

ZOO_REPORTER_EXPORT const zoo_reporter_entry_t zoo_reporter_entry = {
    .magic = ZOO_REPORTER_MAGIC,
    .abi_major = ZOO_REPORTER_ABI_MAJOR,
    .abi_minor = 0,
    .struct_size = ZOO_REPORTER_ENTRY_SIZE_1_0,
    .name = "abi_1_0",
    .version = "1.0.0",
    .description = "Test reporter: an ABI 1.0 entry",
    .formats = "md",
    .languages = "en,zh",
    .min_model_version = 1,
    .max_model_version = 1,
    .render = Render,
    .error_text = ErrorText,
    .documents = "compare",
};
