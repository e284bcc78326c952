/* Compiles the SDK's C headers (adapter, the semantics, text and build extensions, reporter)
 * as strict C11 and pins the layout third parties depend on. */
#include <zoo/adapter.h>
#include <zoo/ext/build.h>
#include <zoo/ext/layers.h>
#include <zoo/ext/native.h>
#include <zoo/ext/semantics.h>
#include <zoo/ext/submit_any_thread.h>
#include <zoo/ext/text.h>
#include <zoo/reporter.h>

#include <stddef.h>
#include <stdio.h>

/* The frozen header of the entry: these offsets may never change. */
_Static_assert(offsetof(zoo_adapter_entry_t, magic) == 0, "magic moved");
_Static_assert(offsetof(zoo_adapter_entry_t, abi_major) == 4, "abi_major moved");
_Static_assert(offsetof(zoo_adapter_entry_t, abi_minor) == 8, "abi_minor moved");
_Static_assert(offsetof(zoo_adapter_entry_t, struct_size) == 12, "struct_size moved");
_Static_assert(ZOO_ADAPTER_ENTRY_FROZEN_SIZE == 16, "frozen header size changed");
/* The outcome record crosses processes byte for byte: fixed at 64 bytes. */
_Static_assert(sizeof(zoo_task_outcome_t) == 64, "outcome record changed size");
_Static_assert(ZOO_ADAPTER_ENTRY_SIZE_1_0 <= sizeof(zoo_adapter_entry_t), "1.0 size too big");
/* The variant lists (zoo.native/1, zoo.layers/1) start with their size and count. */
_Static_assert(offsetof(zoo_variant_t, name) == 8, "variant name moved");
_Static_assert(offsetof(zoo_native_extension_t, forms) == 8, "native forms moved");
_Static_assert(offsetof(zoo_layers_extension_t, layers) == 8, "layers moved");
/* The reporter entry's frozen header: the same four fields at the same offsets. */
_Static_assert(offsetof(zoo_reporter_entry_t, magic) == 0, "reporter magic moved");
_Static_assert(offsetof(zoo_reporter_entry_t, abi_major) == 4, "reporter abi_major moved");
_Static_assert(offsetof(zoo_reporter_entry_t, abi_minor) == 8, "reporter abi_minor moved");
_Static_assert(offsetof(zoo_reporter_entry_t, struct_size) == 12, "reporter struct_size moved");
_Static_assert(ZOO_REPORTER_ENTRY_SIZE_1_0 <= sizeof(zoo_reporter_entry_t), "reporter 1.0 size");
/* ABI 1.1 appended `documents` after error_text: the 1.0 prefix is unchanged. */
_Static_assert(offsetof(zoo_reporter_entry_t, documents) >= ZOO_REPORTER_ENTRY_SIZE_1_0,
               "documents must come after the 1.0 fields");
/* ABI 1.2 appended `get_extension` after documents. */
_Static_assert(offsetof(zoo_reporter_entry_t, get_extension) >= ZOO_REPORTER_ENTRY_SIZE_1_1,
               "get_extension must come after the 1.1 fields");
_Static_assert(ZOO_REPORTER_ENTRY_SIZE_1_2 == sizeof(zoo_reporter_entry_t), "reporter 1.2 size");
/* Growable structs start with struct_size. */
_Static_assert(offsetof(zoo_semantics_extension_t, struct_size) == 0, "extension struct_size");
_Static_assert(offsetof(zoo_semantics_item_t, struct_size) == 0, "item struct_size");
_Static_assert(offsetof(zoo_report_request_t, struct_size) == 0, "request struct_size");
_Static_assert(offsetof(zoo_text_extension_t, struct_size) == 0, "text struct_size");
_Static_assert(offsetof(zoo_text_language_t, struct_size) == 0, "text language struct_size");
_Static_assert(offsetof(zoo_report_output_t, struct_size) == 0, "output struct_size");

/* A semantics item and a table of pointers, as a C plugin declares them. */
static const zoo_semantics_item_t kItem = {
    .struct_size = sizeof(zoo_semantics_item_t),
    .check = ZOO_SEMANTICS_CHECK_TIMEOUT,
    .name = "timeout",
    .has_clean_off = 1,
    .value_unit = "ns",
    .default_value = 1000000000,
};
static const zoo_semantics_item_t *const kItems[] = {&kItem};

/* A zoo.text/1 table as a C plugin declares it: static strings, a table per language. */
static const zoo_text_string_t kZhStrings[] = {{"description", "\xe4\xb8\x80"}};
static const zoo_text_language_t kZh = {sizeof(zoo_text_language_t), 1, "zh", kZhStrings};
static const zoo_text_language_t *const kLanguages[] = {&kZh};
static const zoo_text_extension_t kText = {sizeof(zoo_text_extension_t), 1, kLanguages};

static zoo_status_t Setup(const zoo_host_t *host, const zoo_config_t *config,
                          zoo_adapter_state_t **state) {
  (void)host;
  (void)config;
  *state = NULL;
  return ZOO_STATUS_INVALID_ARGUMENT;
}

int main(void) {
  /* A C initialiser of the entry with designated fields, as a C plugin writes it. */
  const zoo_adapter_entry_t entry = {
      .magic = ZOO_ADAPTER_MAGIC,
      .abi_major = ZOO_ABI_MAJOR,
      .abi_minor = ZOO_ABI_MINOR,
      .struct_size = sizeof(zoo_adapter_entry_t),
      .name = "c11_check",
      .setup = Setup,
  };
  zoo_adapter_state_t *state = (zoo_adapter_state_t *)&entry;
  if (entry.setup(NULL, NULL, &state) != ZOO_STATUS_INVALID_ARGUMENT || state != NULL) {
    fprintf(stderr, "setup through the C entry did not behave\n");
    return 1;
  }
  if (entry.struct_size < ZOO_ADAPTER_ENTRY_SIZE_1_0) {
    fprintf(stderr, "sizeof(zoo_adapter_entry_t) is below the 1.0 size\n");
    return 1;
  }
  const zoo_semantics_extension_t ext = {.struct_size = sizeof ext, .item_count = 1,
                                         .items = kItems};
  if (ext.items[0]->check != ZOO_SEMANTICS_CHECK_TIMEOUT) return 1;
  if (kText.languages[0]->strings[0].key[0] != 'd') return 1;
  printf("the SDK headers compile as C11; adapter entry %zu bytes, reporter entry %zu bytes\n",
         sizeof(zoo_adapter_entry_t), sizeof(zoo_reporter_entry_t));
  return 0;
}

/* A C adapter declares its build once at file scope. */
ZOO_DECLARE_BUILD();
