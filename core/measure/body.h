// A body: the unit of work one task runs. Provided by the host, never by the adapter.
#pragma once

#include <cstdint>

namespace zoo {

class Body {
 public:
  virtual ~Body() = default;
  // Runs one body on the calling thread and returns a checksum of its work, so that the
  // work cannot be optimised away. Must be safe to call from many threads at once, and in a
  // process forked from the host.
  virtual uint64_t Run() const = 0;
  // The body of task `task_id` (the host's slot index): the same as Run() for a body that does
  // the same work for every task; modbus_rtu parses the task's own frame (modbus_rtu.h).
  virtual uint64_t RunTask(uint64_t /*task_id*/) const { return Run(); }
};

// Busy work for a fixed wall time: mixes a checksum until `duration_ns` has passed. Used by
// the equivalence gate, where the body only needs to take long enough that a drain() that
// returns early is caught.
class SpinBody final : public Body {
 public:
  explicit SpinBody(int64_t duration_ns) : duration_ns_(duration_ns) {}
  uint64_t Run() const override;

 private:
  int64_t duration_ns_;
};

}  // namespace zoo
