// `zoo-host run --instrument callgrind`: the worker's side. Client requests that restart
// callgrind's counts and dump them under a name of their own, so that the host finds each
// dump by its trigger (callgrind.h, FindCallgrindDump). Outside valgrind they do nothing.
#pragma once

namespace zoo {

// The dumps a callgrind unit asks for, in the order it asks: a concurrency-1 unit's cold
// start (setup() and its first task), then the measured rounds.
inline constexpr char kCallgrindColdStartDump[] = "zoo-host cold start";
inline constexpr char kCallgrindMeasuredDump[] = "zoo-host measured rounds";

// Restarts the counts of every thread. (The collection toggle would not do: callgrind keeps
// that state per thread, so a toggle here would leave the adapter's threads uncounted.)
void ZeroCallgrindCounts();

// Writes the counts since the last zero to the next part of the output file, named
// `trigger` in its header.
void DumpCallgrindCounts(const char* trigger);

}  // namespace zoo
