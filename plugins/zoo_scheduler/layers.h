// zoo_scheduler's layers (zoo.layers/1): the levels the scheduler can be driven at, from its
// dispatch core to its public API, each one the Layer of scheduler.h that setup()'s option
// "layer=NAME" selects. Lowest first; the public API last, which is also the default.
#pragma once

#include <zoo/ext/layers.h>

#include <cstdint>
#include <optional>
#include <string_view>

#include "plugins/zoo_scheduler/scheduler.h"

namespace zoo_scheduler {

inline constexpr zoo_variant_t kLayerVariants[] = {
    {
        .struct_size = sizeof(zoo_variant_t),
        .reserved0 = 0,
        .name = "ready_queue",
        .description = "The dispatch core alone: workers fed by the FIFO ready queue under one "
                       "mutex and the outstanding count drain() waits on; no in-flight table, "
                       "no back-pressure, no semantics hooks.",
    },
    {
        .struct_size = sizeof(zoo_variant_t),
        .reserved0 = 0,
        .name = "in_flight_table",
        .description = "Adds completion tracking: each task is inserted into the in-flight "
                       "table at submit (a repeated id is refused), marked running at dispatch "
                       "and erased at completion; still no back-pressure or semantics hooks.",
    },
    {
        .struct_size = sizeof(zoo_variant_t),
        .reserved0 = 0,
        .name = "public_api",
        .description = "Everything a user gets, as without the option: adds the bounded "
                       "queue's back-pressure check and the semantics switches' checks (all "
                       "off).",
    },
};
inline constexpr uint32_t kLayerCount = sizeof(kLayerVariants) / sizeof(kLayerVariants[0]);
inline constexpr Layer kLayerOf[] = {Layer::kReadyQueue, Layer::kInFlightTable,
                                     Layer::kPublicApi};
static_assert(sizeof(kLayerOf) / sizeof(kLayerOf[0]) == kLayerCount);

// The extension hands out pointers, as zoo.semantics/1 does.
inline constexpr const zoo_variant_t* kLayerList[] = {&kLayerVariants[0], &kLayerVariants[1],
                                                      &kLayerVariants[2]};
static_assert(sizeof(kLayerList) / sizeof(kLayerList[0]) == kLayerCount);

inline constexpr zoo_layers_extension_t kLayersExtension = {
    .struct_size = sizeof(zoo_layers_extension_t),
    .layer_count = kLayerCount,
    .layers = kLayerList,
};

// The layer named `name`, or nullopt for a name that is not one of kLayerVariants.
constexpr std::optional<Layer> LayerNamed(std::string_view name) {
  for (uint32_t i = 0; i < kLayerCount; ++i) {
    if (name == kLayerVariants[i].name) return kLayerOf[i];
  }
  return std::nullopt;
}

}  // namespace zoo_scheduler
