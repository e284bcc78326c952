#include "core/measure/callgrind_requests.h"

#if ZOO_HAVE_CALLGRIND_H
#include <valgrind/callgrind.h>
#endif

namespace zoo {

void ZeroCallgrindCounts() {
#if ZOO_HAVE_CALLGRIND_H
  CALLGRIND_ZERO_STATS;
#endif
}

void DumpCallgrindCounts([[maybe_unused]] const char* trigger) {
#if ZOO_HAVE_CALLGRIND_H
  CALLGRIND_DUMP_STATS_AT(trigger);
#endif
}

}  // namespace zoo
