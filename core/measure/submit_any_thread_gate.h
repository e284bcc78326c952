// The equivalence gate's check of zoo.submit_any_thread/1 (ABI 1.1), run after the gate's
// ordinary instances when an adapter declares it. Declaring is not trusted: the capability
// is proven by behaviour before any scenario relies on it.
//  - producers: 4 threads submit 250 tasks each at the same time, then the control thread
//    drains: every task runs exactly once, none after drain() returned;
//  - chains: 8 chains of 100 tasks, each link submitted from inside its predecessor's run on a
//    worker thread: drain() returns only after the last link of every chain ran;
//  - bounded (when the adapter declares ZOO_SUBMIT_BOUNDED): the producers again into a queue
//    of capacity 8, so submit() must push back: no task is lost.
#pragma once

#include <optional>
#include <string>

#include "core/measure/body.h"
#include "core/measure/equivalence_gate.h"

namespace zoo {

// The first rule the adapter broke as one sentence ("zoo.submit_any_thread/1: ..."), or
// nullopt when it kept every rule or does not declare the capability. Sets
// report.submit_any_thread_checked; its tasks stay out of the report's counts, which describe
// the ordinary instances.
std::optional<std::string> CheckSubmitAnyThread(const LoadedAdapter& adapter,
                                                const SpinBody& body,
                                                const GateOptions& options, GateReport& report);

}  // namespace zoo
