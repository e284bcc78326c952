// Workloads: what a body does. Chosen by name; each is a Body (core/body.h) once calibrated.
//
//   json   RapidJSON serialize + parse + string concatenation of a small record, repeated a
//          calibrated number of times so that one body lasts about the tier's duration. A run
//          calibrates each tier once, in processes of its own (calibration.h), and hands every
//          unit of the tier that count; a unit given no count calibrates in its own process.
//          The body returns a checksum of what it built, so the work cannot be optimised
//          away. The checksum depends only on the repetition count: every Run()
//          of one body returns the same value. Calibration times batches of repetitions on
//          the calling thread's CPU clock (CLOCK_THREAD_CPUTIME_ID), so a busy machine
//          does not shorten the bodies; it costs ~0.15 s on an idle 2-core machine.
//   sleep  io-like: the body waits (clock_nanosleep on CLOCK_MONOTONIC, absolute deadline)
//          until the tier's duration has passed; it never returns earlier. Its checksum is
//          derived from the deadline, so it differs from call to call.
//   noop   an empty body: the pure dispatch round trip. The tier is ignored; the checksum
//          is a constant.
//   modbus_rtu  parses a Modbus RTU response frame (modbus_rtu.h); the tier is the frame's size
//          in bytes, the frames come from a seed; each task's checksum is its frame's parse.
// Every body is thread-safe and fork-safe: it keeps no state of its own between calls.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "core/measure/body.h"

namespace zoo {

// The names accepted by MakeWorkload, in the order --help lists them.
const std::vector<std::string>& WorkloadNames();

// What calibration found; recorded in the archive for every unit.
struct Calibration {
  std::string workload;
  int64_t target_ns = 0;          // the tier
  uint64_t repetitions = 0;       // json: record round trips per body; 0 for sleep and noop
  double ns_per_repetition = 0;   // json: measured cost of one repetition; 0 otherwise
  int64_t calibration_ns = 0;     // wall time spent calibrating
  uint64_t checksum = 0;          // of the calibration runs (json), proves the work ran
};

// A calibrated body for `workload` at `tier_us` (ignored by noop). json with `repetitions` > 0
// runs that many repetitions and calibrates nothing (calibration.ns_per_repetition and
// calibration_ns stay 0); with 0, calibration runs here, on the calling thread.
// kInvalidArgument for an unknown workload name, listing the known ones.
struct CalibratedWorkload {
  std::unique_ptr<Body> body;
  Calibration calibration;
};
// modbus_rtu: `tier_us` is the frame's size in bytes (kInvalidArgument for a size no response
// has) and `seed` the seed of its frames.
absl::StatusOr<CalibratedWorkload> MakeWorkload(std::string_view workload, uint32_t tier_us,
                                                uint64_t repetitions = 0, uint64_t seed = 0);

}  // namespace zoo
