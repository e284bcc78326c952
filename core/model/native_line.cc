#include "core/model/native_line.h"

#include <cmath>
#include <map>
#include <tuple>

#include "core/model/model_input.h"

namespace zoo {
namespace {

// "closure" from the spec's options "form=closure" ("" when absent).
std::string FormOf(const std::string& options) {
  const std::string key = "form=";
  const size_t at = options.find(key);
  if (at == std::string::npos) return "";
  const size_t end = options.find(';', at);
  return options.substr(at + key.size(),
                        end == std::string::npos ? std::string::npos : end - at - key.size());
}

}  // namespace

NativeLineSection NativeLineOf(const ModelInput& in) {
  NativeLineSection s;
  if (in.archive == nullptr) return s;
  s.record = in.archive->native_line;
  std::string first_form;
  for (const NativeLineForm& f : s.record.forms) {
    if (f.passed) {
      first_form = f.name;
      break;
    }
  }
  for (size_t i = 0; i < in.archive->units.size() && i < in.process_units.size(); ++i) {
    const UnitResult& r = in.archive->units[i].result;
    if (r.spec.kind != UnitKind::kNative) continue;
    const UnitView& v = in.process_units[i];
    s.cells.push_back(NativeLineCell{.form = FormOf(r.spec.options),
                                     .frame_bytes = r.spec.tier_us,
                                     .concurrency = r.spec.concurrency,
                                     .ok = v.ok,
                                     .failure = v.failure,
                                     .unit = v.id(),
                                     .ns_per_task = v.ok ? v.stats.end_to_end_ns.median : NAN,
                                     .ratio_to_first = NAN});
  }
  std::map<std::tuple<uint32_t, uint32_t>, double> first;
  for (const NativeLineCell& c : s.cells) {
    if (c.form == first_form && c.ok) first[{c.frame_bytes, c.concurrency}] = c.ns_per_task;
  }
  for (NativeLineCell& c : s.cells) {
    auto it = first.find({c.frame_bytes, c.concurrency});
    if (c.ok && it != first.end() && it->second > 0) c.ratio_to_first = c.ns_per_task / it->second;
  }
  return s;
}

}  // namespace zoo
