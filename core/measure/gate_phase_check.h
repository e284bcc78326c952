// What the equivalence gate checks after every instance of an adapter is torn down, whichever
// way its tasks were submitted (the control thread, several producers, chains from inside
// tasks): each task ran exactly once, none after the drain() that waited for it returned, no
// unknown id completed, and every body ran.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/measure/host_services.h"

namespace zoo {

// Per task, `completions_at_drain[i]` is its completion count read right after the drain()
// that waited for it returned, at `drain_return_ns[i]`. The first problem as one sentence
// naming `where`, or nullopt; `completed_once` counts the tasks that passed.
std::optional<std::string> CheckPhase(const HostServices& host, const std::string& where,
                                      const std::vector<uint32_t>& completions_at_drain,
                                      const std::vector<int64_t>& drain_return_ns,
                                      uint64_t* completed_once);

}  // namespace zoo
