/*
 * zoo/reporter.h — the stable C ABI between zoo-host and a reporter plugin (C11).
 *
 * A reporter turns the report model — everything a report says, built by zoo-host from one
 * archive — into files. It receives the model as a versioned JSON document and hands back the
 * files it wants written; it computes no number of its own, so no two reporters can disagree.
 * The built-in formats (md, html, csv, json) are reporters behind this same interface.
 * Since ABI 1.1 a reporter may also render the compare model of `zoo-host compare` (two
 * archives of one subject, schema "zoo-host-compare"): it says so in `documents`.
 *
 * Versions: 1.0 the entry up to error_text; 1.1 appended `documents`; 1.2 appended
 * `get_extension` (e.g. "zoo.text/1", zoo/ext/text.h: the description in other languages).
 * The host reads a field only when the entry's struct_size covers it, so a 1.0 or 1.1 reporter
 * loads unchanged.
 *
 * The conventions of zoo/adapter.h apply: C only, one exported const data object
 * (`zoo_reporter_entry`, use ZOO_REPORTER_EXPORT) whose first four fields are frozen forever,
 * structs that grow only by appending after `struct_size`, negative zoo_status_t on failure
 * with one plain sentence from error_text(), UTF-8 strings.
 *
 * Rules for a reporter:
 *  - Deterministic: the same request gives the same bytes (no clock, no host name, no random
 *    order). `zoo-host render` twice on one archive gives byte-identical files.
 *  - Files are written only through output->write_file, with relative paths. The host writes
 *    each atomically under the directory the user chose and refuses absolute paths and "..".
 *  - Every string taken from the model (adapter names, notes, failures) came from a plugin or
 *    an archive: escape it for the output format.
 *  - A language it does not have, or a missing message in it, fails the render with a sentence
 *    naming the language or the message key. Never fall back to another language.
 */
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "zoo/adapter.h" /* zoo_status_t, the status codes, ZOO_ADAPTER_EXPORT */

#ifdef __cplusplus
extern "C" {
#endif

/* "ZOOR" in ASCII. The first field of zoo_reporter_entry. */
#define ZOO_REPORTER_MAGIC 0x524F4F5Au
#define ZOO_REPORTER_ABI_MAJOR 1
#define ZOO_REPORTER_ABI_MINOR 2
#define ZOO_REPORTER_EXPORT ZOO_ADAPTER_EXPORT
#define ZOO_REPORTER_ENTRY_SYMBOL "zoo_reporter_entry"

/* What the host offers a reporter during one render() call. */
typedef struct zoo_report_output {
  uint32_t struct_size; /* sizeof(zoo_report_output_t) as the host knows it */
  uint32_t reserved0;
  void *host_data; /* host-private; do not read or write */
  /* Writes one file of the report, `relative_path` (e.g. "report.md", "figures/latency.svg",
   * '/' separated) under the output directory, atomically; creates its folders. A path that
   * is absolute, contains "..", or was already written in this render is refused with
   * ZOO_STATUS_INVALID_ARGUMENT. [the thread render() was called on][during render()] */
  zoo_status_t (*write_file)(const struct zoo_report_output *output, const char *relative_path,
                             const void *data, size_t size);
  /* A line for the user's log. `level`: 0 info, 1 warning, 2 error. [during render()] */
  void (*log)(const struct zoo_report_output *output, int32_t level, const char *message);
} zoo_report_output_t;

/* One render. Everything it points to is owned by the host and valid during render() only. */
typedef struct zoo_report_request {
  uint32_t struct_size;   /* sizeof(zoo_report_request_t) as the host knows it */
  uint32_t model_version; /* "model_version" of the document below */
  /* The report model as UTF-8 JSON (not NUL-terminated; `model_json_size` bytes). Its layout
   * is documented by `zoo-host analyze --json` and versioned by "model_version". For a
   * reporter whose `documents` include "compare" this may instead be a compare document
   * ("schema": "zoo-host-compare"), and model_version is then that document's version. */
  const char *model_json;
  size_t model_json_size;
  /* The language to write: "en", "zh", ... One of the entry's `languages`. */
  const char *language;
  /* The formats wanted of this reporter, ',' separated: a non-empty subset of its `formats`. */
  const char *formats;
} zoo_report_request_t;

typedef struct zoo_reporter_entry {
  /* -- frozen forever: the host reads these four before anything else -- */
  uint32_t magic;       /* ZOO_REPORTER_MAGIC */
  uint32_t abi_major;   /* ZOO_REPORTER_ABI_MAJOR the plugin was built against */
  uint32_t abi_minor;   /* ZOO_REPORTER_ABI_MINOR the plugin was built against */
  uint32_t struct_size; /* sizeof(zoo_reporter_entry_t) as the plugin was built */
  /* -- ABI 1.0. Strings are static: owned by the plugin, valid while it is loaded. -- */
  /* Unique reporter name: lowercase letters, digits and '_', e.g. "markdown". */
  const char *name;
  const char *version;
  /* One line: what it writes. */
  const char *description;
  /* The --format names it serves, ',' separated, e.g. "md" or "csv,tsv". */
  const char *formats;
  /* The languages it writes, ',' separated, e.g. "en,zh". */
  const char *languages;
  /* The report model versions it reads, inclusive. The host refuses to render an archive
   * whose model version lies outside, naming both. */
  uint32_t min_model_version;
  uint32_t max_model_version;
  /* Writes the report. ZOO_STATUS_OK, or a failure with error_text() saying why; files
   * already written stay (the host reports the failure). [any-thread][one render at a time] */
  zoo_status_t (*render)(const zoo_report_request_t *request, const zoo_report_output_t *output);
  /* One plain sentence describing the last failed render() on the calling thread; "" when
   * there was none. Owned by the plugin, valid until the next render() on that thread. */
  const char *(*error_text)(void);
  /* -- ABI 1.1 -- */
  /* The documents it renders, ',' separated: "report" (the report model, schema
   * "zoo-host-report-model") and/or "compare" (the compare model of `zoo-host compare`,
   * schema "zoo-host-compare", its own "model_version"). NULL, or an entry built against 1.0
   * (struct_size ending before this field), reads as "report". A compare request carries the
   * compare document in model_json and its version in model_version; the reporter tells the
   * two apart by the document's "schema". In C++ (14 and later) it defaults to NULL, so an
   * initializer written for 1.0 still compiles without -Wmissing-field-initializers. */
  const char *documents
#ifdef __cplusplus
      = nullptr
#endif
      ;
  /* -- ABI 1.2 -- */
  /* Optional (NULL: none). The table of the optional capability `id` (e.g. "zoo.text/1"), or
   * NULL when the reporter does not offer it. The table is static, owned by the plugin and
   * valid while it is loaded. Defaults to NULL in C++ as `documents` does. [any-thread] */
  const void *(*get_extension)(const char *id)
#ifdef __cplusplus
      = nullptr
#endif
      ;
} zoo_reporter_entry_t;

/* The symbol every reporter plugin exports (define it with ZOO_REPORTER_EXPORT). */
extern ZOO_REPORTER_EXPORT const zoo_reporter_entry_t zoo_reporter_entry;

#define ZOO_REPORTER_ENTRY_SIZE_1_2 \
  (offsetof(zoo_reporter_entry_t, get_extension) + \
   sizeof(((const zoo_reporter_entry_t *)0)->get_extension))

#define ZOO_REPORTER_ENTRY_SIZE_1_1 \
  (offsetof(zoo_reporter_entry_t, documents) + \
   sizeof(((const zoo_reporter_entry_t *)0)->documents))

#define ZOO_REPORTER_ENTRY_SIZE_1_0 \
  (offsetof(zoo_reporter_entry_t, error_text) + \
   sizeof(((const zoo_reporter_entry_t *)0)->error_text))

#ifdef __cplusplus
}
#endif
