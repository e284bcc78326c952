// The model JSON's "native_line" member (native_line.h), written only when the archive records
// the line, so the models of older archives read as before:
//   "native_line": {"status", "reason", "task", "frame_bytes", "concurrencies", "seed",
//                   "warmup_rounds", "measured_rounds", "processes_per_cell",
//                   "forms": [{name, description, passed, reason}],
//                   "cells": [{form, frame_bytes, concurrency, ok, failure, unit, ns_per_task,
//                              ratio_to_first}]}
#pragma once

#include "core/base/json_util.h"
#include "core/model/native_line.h"

namespace zoo {

void WriteModelNativeLine(json::Writer& w, const NativeLineSection& section);

}  // namespace zoo
