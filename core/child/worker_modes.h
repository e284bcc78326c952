// The child side of every worker call (worker_client.h): `zoo-host __worker MODE
// --report-fd=N [--NAME=VALUE ...] FILE`, looked up in one table of modes (probe, gate, unit,
// calibrate, semantics, probe-reporter, render). Each mode does its one job in this disposable
// process, reports each step on the report fd (worker_protocol.h), then one result line; a
// plugin that crashes or hangs takes only this process with it.
#pragma once

namespace zoo {

// `argv[0]` is "__worker". Returns the process's exit code: 0 when the mode reported its
// result (a plugin's refusal included), 2 for a call the parent would never make (the one
// sentence on stderr as "zoo-host __worker: ..."), and 2 at once when the parent is gone.
int RunWorkerMode(int argc, char** argv);

}  // namespace zoo
