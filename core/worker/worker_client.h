// The one way the parent starts a worker child: `zoo-host __worker MODE --report-fd=3
// --NAME=VALUE ... FILE` in a process of its own with a deadline (child_process.h), and what
// it answered on its report pipe (worker_protocol.h), or one sentence saying why it did not.
// Every caller (gate, probes, units, calibration, semantics, rendering) goes through here, so
// the command line and the failure sentence are built in one place.
#pragma once

#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "core/worker/child_process.h"

namespace zoo {

struct WorkerCall {
  std::filesystem::path zoo_host;  // the zoo-host binary
  std::string mode;                // "unit", "gate", "probe", ... (the child's mode table)
  // The mode's flags, each given as --NAME=VALUE after --report-fd, in this order.
  std::vector<std::pair<std::string, std::string>> flags = {};
  std::string file = "-";  // the plugin or reporter file; "-" for none
  std::chrono::milliseconds timeout{30'000};
  const std::atomic<bool>* cancel = nullptr;  // set: the child is stopped (kCancelled)
  std::vector<std::string> extra_env = {};    // "NAME=value", as ChildOptions::extra_env
  // A command the worker runs under (valgrind's callgrind): its words come first.
  std::vector<std::string> launcher = {};
  // The answer counts even when the child then ended badly: a probe's or a render's answer is
  // in before the plugin is unloaded, and a crash while unloading does not take it back.
  // Otherwise only a child that also exited with status 0 has answered.
  bool answer_suffices = false;
  // How the failure sentence names what failed ("reporter 'md' (/x/libmd.so)"), put before
  // how the child ended; "" for nothing.
  std::string subject = {};
  // Where it failed, put after how the child ended instead of "during <its last step>" ("in
  // the probe process"); "" for the last step.
  std::string place = {};
};

// The command line of `call`: the launcher's words, then the worker's.
std::vector<std::string> WorkerArgv(const WorkerCall& call);

struct WorkerReply {
  // OK: `answer` is the child's result line. kCancelled: stopped on request ("interrupted:
  // stopped on request"). kInternal: the child could not be started, or it gave no answer
  // (then the message is `sentence`).
  absl::Status status;
  std::string answer;
  ChildResult child;  // how it ended (pid 0 when it never started)
  // The standard failure sentence, set however the child ended, for a caller that finds the
  // answer itself unusable: [subject ]how it ended[ during <last step> | place]
  // [ (last output: <its last line of output>)], e.g. "crashed with signal SIGSEGV
  // (Segmentation fault) during submit at concurrency 4, round 2".
  std::string sentence;
};

// Runs the worker child of `call` and waits for it (never longer than its timeout).
WorkerReply RunWorker(const WorkerCall& call);

}  // namespace zoo
