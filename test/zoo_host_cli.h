// Runs the built zoo-host as a user would, for the suites that test the CLI end to end.
#pragma once

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "core/worker/child_process.h"
#include "gtest/gtest.h"
#include "test/test_paths.h"

namespace zoo::testing {

struct CliRun {
  int exit_code = -1;
  std::string output;  // stdout + stderr
};

// `zoo-host ARGS...`, with `env` ("NAME=value") added to the suite's environment; a child that
// does not exit normally (a signal, the deadline) fails the calling test.
inline CliRun ZooHost(std::vector<std::string> args, int timeout_s = 240,
                      std::vector<std::string> env = {}) {
  args.insert(args.begin(), HostBinary().string());
  absl::StatusOr<ChildResult> r = RunChild({.argv = args,
                                            .timeout = std::chrono::seconds(timeout_s),
                                            .output_tail_bytes = 1 << 20,
                                            .cancel = nullptr,
                                            .extra_env = std::move(env)});
  EXPECT_TRUE(r.ok()) << r.status();
  if (!r.ok()) return {};
  EXPECT_TRUE(r->exited) << DescribeEnd(*r);
  return {r->exit_code, r->output_tail};
}

}  // namespace zoo::testing
