/*
 * zoo/ext/variant.h — a named way an adapter can run its tasks (C11, ABI 1.1).
 *
 * Shared by zoo.native/1 (zoo/ext/native.h: a subject's execution forms) and zoo.layers/1
 * (zoo/ext/layers.h: the levels it can be driven at). The host selects a variant through
 * setup()'s options, "KEY=NAME", KEY being the extension's option key; every task of that
 * instance then runs that way. The conventions of zoo/adapter.h apply (struct_size first).
 */
#pragma once
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct zoo_variant {
  uint32_t struct_size; /* sizeof(zoo_variant_t) as the plugin knows it */
  uint32_t reserved0;
  /* Short identifier: 1 to 64 of a-z, 0-9 and '_', unique in its list, e.g. "typed". */
  const char *name;
  /* One line: what this variant does differently from the others. Printed in every report. */
  const char *description;
} zoo_variant_t;

#ifdef __cplusplus
}
#endif
