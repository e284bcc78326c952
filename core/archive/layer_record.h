// The layer line as the archive records it (top-level "layers"; zoo.layers/1):
// whether it was measured for the run's subject or why not, and its rows,
// lowest first: the bare clients (zoo-host's inline and thread_pool), then each
// layer of the subject, the last its public API. A subject row's units carry
// "layer=NAME" in their spec's options; a bare row's none.
//   "layers": {"status": "measured" | "not_applicable" | "not_run",
//   "reason_code": "...",
//              "subject": "...", "concurrencies": [1, 2], "processes": 5,
//              "rows": [{"adapter", "layer", "description", "bare",
//              "gate_passed",
//                        "gate_reason"}, ...]}
// Archives written before the layer line have none: status "not_run", reason
// "not_recorded".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "core/base/json_util.h"
#include "rapidjson/document.h"

namespace zoo {

struct LayerRow {
  std::string adapter;      // the adapter the row runs
  std::string layer;        // the subject's layer name; "" for a bare client
  std::string description;  // the layer's or the bare adapter's one line
  bool bare = false;
  // A subject's layer passed the equivalence gate with its option before it was
  // measured; a bare client's is its ordinary gate. A rejected row is listed,
  // never measured.
  bool gate_passed = false;
  std::string gate_reason;  // the gate's sentence when rejected

  // The setup() options its units carry: "layer=NAME" or "".
  std::string Options() const;
  // "inline", "zoo_scheduler/ready_queue": how the report and the CLI name the
  // row.
  std::string Label() const;
};

struct LayerRecord {
  // "measured"; "not_applicable" (the subject does not declare zoo.layers/1);
  // "not_run" (reason_code "callgrind_run_without_layers", "not_recorded",
  // "no_bare_client", "not_requested": --no-layers).
  std::string status = "not_run";
  std::string reason_code = "not_recorded";
  std::string subject;
  std::vector<uint32_t> concurrencies;
  uint32_t processes = 0;  // timed processes per row and concurrency
  std::vector<LayerRow> rows;
};

void WriteLayerRecord(json::Writer& w, const char* key, const LayerRecord& record);
absl::StatusOr<LayerRecord> ReadLayerRecord(const rapidjson::Value& v, std::string_view where);

}  // namespace zoo
