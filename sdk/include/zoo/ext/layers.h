/*
 * zoo/ext/layers.h — the "zoo.layers/1" extension of an adapter (C11, ABI 1.1).
 *
 * A subject names the levels it can be driven at, from its dispatch core up to its public
 * API, so the host can show what each layer adds over the one below and over a bare client
 * (zoo-host's own inline and thread_pool adapters). Each layer is a variant
 * (zoo/ext/variant.h) selected by setup()'s option "layer=NAME"; the list runs from the lowest
 * layer to the highest, and the last one is the public API, which is also what the adapter
 * runs without the option.
 *
 * Found through zoo_adapter_entry.get_extension(ZOO_EXT_LAYERS). Every layer passes the same
 * equivalence gate as the adapter itself before it is measured.
 */
#pragma once
#include <stdint.h>

#include "zoo/ext/variant.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ZOO_EXT_LAYERS "zoo.layers/1"
/* The setup() option that selects a layer: "layer=NAME". */
#define ZOO_LAYERS_OPTION "layer"

typedef struct zoo_layers_extension {
  uint32_t struct_size; /* sizeof(zoo_layers_extension_t) as the plugin knows it */
  uint32_t layer_count; /* 2 to 16: at least one layer below the public API */
  /* `layer_count` pointers to layers, lowest first, the public API last; static, valid while
   * the plugin is loaded. [any-thread] */
  const zoo_variant_t *const *layers;
} zoo_layers_extension_t;

#ifdef __cplusplus
}
#endif
