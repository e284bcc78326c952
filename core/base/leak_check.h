// What an adapter left behind after teardown(): threads of this process and descendant
// processes that were not there before setup(). The ABI says both must be gone when
// teardown() returns; a pool whose threads outlive it can run code from a library that is
// about to be unloaded, and a leftover process keeps running after the measurement ended.
//
// Linux only (/proc). The gate's process becomes a child subreaper first, so that a process
// the adapter started and orphaned (a double fork) is reparented to it, not to init, and can
// be found, killed and reaped.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <set>
#include <string>
#include <vector>

namespace zoo {

// One thread or process as /proc shows it.
struct LeftoverTask {
  pid_t id = 0;
  std::string name;  // /proc/.../comm
  char state = '?';  // R, S, D, Z, ...
};

struct Leftovers {
  std::vector<LeftoverTask> threads;
  std::vector<LeftoverTask> processes;
  bool empty() const { return threads.empty() && processes.empty(); }
};

// What exists now, to compare against after teardown().
struct TaskSnapshot {
  std::set<pid_t> threads;      // of this process
  std::set<pid_t> descendants;  // processes below this one
};

// Makes this process a child subreaper (prctl); false if the kernel refused.
bool BecomeChildSubreaper();

TaskSnapshot TakeTaskSnapshot();

// Threads and descendants that exist now but not in `before`. Waits up to `settle` for them
// to go (a thread that was joined can linger in /proc for a moment); a process that exited
// but was not reaped (a zombie child) counts as left behind.
Leftovers FindLeftovers(const TaskSnapshot& before, std::chrono::milliseconds settle);

// "2 threads (tid 123 \"zoo-host\", tid 124 \"worker\") and 1 process (pid 200 \"sleep\",
// not reaped)": what `leftovers` names, for the gate's sentence.
std::string DescribeLeftovers(const Leftovers& leftovers);

// Sends SIGKILL to every descendant not in `before` and reaps those that become this
// process's children, until none is left or `limit` passed. Returns how many it killed.
size_t KillAndReapDescendants(const TaskSnapshot& before, std::chrono::milliseconds limit);

// How long the gates allow the processes an adapter left to be reaped after the kill.
inline constexpr std::chrono::milliseconds kGateReapLimit{2'000};

}  // namespace zoo
