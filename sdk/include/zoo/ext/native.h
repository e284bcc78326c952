/*
 * zoo/ext/native.h — the "zoo.native/1" extension of an adapter (C11, ABI 1.1).
 *
 * A subject offers the native task line: the same real task run through its own execution
 * forms (a type-erased closure, a typed descriptor, a batched drain, ...), measured on its own
 * and priced against the subject itself, never against the baselines. Each form is a variant
 * (zoo/ext/variant.h) selected by setup()'s option "form=NAME"; without the option the adapter
 * runs as it always does.
 *
 * Found through zoo_adapter_entry.get_extension(ZOO_EXT_NATIVE). Before the line is measured
 * the host gates every form for output equivalence: each task's outcome must be the one the
 * host's reference run of the same body gives, and a form that differs is rejected with the
 * task (and the input) it got wrong.
 */
#pragma once
#include <stdint.h>

#include "zoo/ext/variant.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ZOO_EXT_NATIVE "zoo.native/1"
/* The setup() option that selects a form: "form=NAME". */
#define ZOO_NATIVE_OPTION "form"

typedef struct zoo_native_extension {
  uint32_t struct_size; /* sizeof(zoo_native_extension_t) as the plugin knows it */
  uint32_t form_count;  /* 1 to 16 */
  /* `form_count` pointers to forms, static, valid while the plugin is loaded. [any-thread] */
  const zoo_variant_t *const *forms;
} zoo_native_extension_t;

#ifdef __cplusplus
}
#endif
