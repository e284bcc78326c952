// The machine's own hand-off costs, measured once at run start outside every unit, so that a
// reader can hold a pool's wake-up cost against what this machine charges for waking a
// thread or a process at all (as the ruststream-zeromq report states "20000 REQ/REP exchanges
// on the same transport, outside every loop" beside its figures):
//   - hand-off: two threads of one process, one mutex and two std::condition_variable (a
//     futex each on Linux), A wakes B and B wakes A back: the path of a mutex + condvar pool
//     such as thread_pool;
//   - pipe: two processes (fork), two pipes, one byte each way: the path of a process pool
//     such as process_pool, and what lmbench's lat_pipe and `perf bench sched pipe` measure,
//     so the figure compares with theirs.
// Neither side is pinned: on a small machine the scheduler puts the two on one CPU or on two,
// as it does for a pool's threads, and the figure is what that costs here.
//
// Each figure is the median over timed batches of exchanges (a batch's time / its exchanges,
// robust to one preempted batch) beside the mean over all of them. Nothing allocates, locks
// beyond the exchange itself, or logs between the first and the last timed exchange.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "absl/status/statusor.h"

namespace zoo {

// The archive's words for how each was measured (round_trips_json.h).
inline constexpr char kHandoffRoundTripMethod[] =
    "two threads of one process, one std::mutex and two std::condition_variable (futexes), "
    "each side notifying after it unlocks";
inline constexpr char kPipeRoundTripMethod[] =
    "two processes (fork), two pipes, one byte each way";

// One round trip's figures; all 0 when not measured.
struct RoundTrip {
  std::string method;      // kHandoffRoundTripMethod, kPipeRoundTripMethod, or as archived
  double median_ns = 0;    // the median batch's time / its exchanges
  double mean_ns = 0;      // every timed batch's time together / every timed exchange
  uint32_t exchanges = 0;  // timed round trips (warm-up not counted): batches x batch
  uint32_t batch = 0;      // round trips per timed batch
};

// Both round trips of the run's machine description.
struct RoundTrips {
  RoundTrip handoff;  // condition variable, two threads of one process
  RoundTrip pipe;     // pipes, two processes
};

struct RoundTripPlan {
  uint32_t exchanges = 20000;  // timed round trips, rounded down to whole batches
  uint32_t batch = 100;        // round trips per timed batch
  uint32_t warmup = 1000;      // untimed round trips first (thread start, page faults)
  // Timing stops after the batch that crosses this, so that a slow machine (a VM without the
  // idle hold wakes a CPU in tens of µs) still measures in well under a second; `exchanges`
  // then says how many were timed.
  int64_t budget_ns = 400'000'000;
};

// kInvalidArgument for a plan of no whole batch (batch 0, or fewer exchanges than a batch);
// kInternal naming the system call when a thread cannot be started.
absl::StatusOr<RoundTrip> MeasureHandoffRoundTrip(const RoundTripPlan& plan = {});
// kInternal naming the system call when a pipe, the fork or an exchange fails.
absl::StatusOr<RoundTrip> MeasurePipeRoundTrip(const RoundTripPlan& plan = {});

// Both, one after the other; the first failure's status.
absl::StatusOr<RoundTrips> MeasureRoundTrips(const RoundTripPlan& plan = {});

// "condition-variable hand-off 4.1 µs, pipe 9.8 µs (medians of batches of 100; 20000
// exchanges each)", in English for the terminal.
std::string RoundTripsLine(const RoundTrips& trips);

// Measures both with the default plan into `trips` for the run's environment record; returns
// the run's note about them, "round trips: <RoundTripsLine>, in 0.41 s", or "round trips: not
// measured: <why>" (then `trips` stays empty: the run goes on without them).
std::string MeasureRunRoundTrips(std::optional<RoundTrips>& trips);

}  // namespace zoo
