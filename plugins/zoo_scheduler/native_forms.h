// zoo_scheduler's execution forms (zoo.native/1): the same scheduler running the host's task
// three ways, selected by setup()'s option "form=NAME" (scheduler.h, Scheduler::Form).
#pragma once

#include <zoo/ext/native.h>

#include <cstdint>
#include <optional>
#include <string_view>

#include "plugins/zoo_scheduler/scheduler.h"

namespace zoo::scheduler {

inline constexpr zoo_variant_t kClosureForm = {
    .struct_size = sizeof(zoo_variant_t),
    .reserved0 = 0,
    .name = "closure",
    .description = "The path zoo_scheduler always takes: the queue holds the task pointer and a "
                   "worker calls its type-erased run(task), which runs the body and completes it.",
};
inline constexpr zoo_variant_t kTypedForm = {
    .struct_size = sizeof(zoo_variant_t),
    .reserved0 = 0,
    .name = "typed",
    .description = "A worker runs the body by id through the host's execute() into its own "
                   "preallocated outcome slot, then hands that slot to complete(): no "
                   "type-erased call, no allocation per task.",
};
inline constexpr zoo_variant_t kBatchedForm = {
    .struct_size = sizeof(zoo_variant_t),
    .reserved0 = 0,
    .name = "batched",
    .description = "submit() only queues the task and wakes no worker; drain() wakes every "
                   "worker once and they run the queued batch.",
};
inline constexpr const zoo_variant_t* kFormList[] = {&kClosureForm, &kTypedForm, &kBatchedForm};
inline constexpr zoo_scheduler::Scheduler::Form kFormOf[] = {zoo_scheduler::Scheduler::Form::kClosure,
                                              zoo_scheduler::Scheduler::Form::kTyped,
                                              zoo_scheduler::Scheduler::Form::kBatched};
inline constexpr uint32_t kFormCount = sizeof(kFormList) / sizeof(kFormList[0]);
static_assert(sizeof(kFormOf) / sizeof(kFormOf[0]) == kFormCount);

inline constexpr zoo_native_extension_t kNative = {
    .struct_size = sizeof(zoo_native_extension_t),
    .form_count = kFormCount,
    .forms = kFormList,
};

// The form named `name`; nullopt for a name zoo_scheduler does not offer.
inline std::optional<zoo_scheduler::Scheduler::Form> FormNamed(std::string_view name) {
  for (uint32_t i = 0; i < kFormCount; ++i) {
    if (name == kFormList[i]->name) return kFormOf[i];
  }
  return std::nullopt;
}

}  // namespace zoo::scheduler
