// verdicts: a reporter as a third party would write it, against zoo/reporter.h alone (plus
// RapidJSON to read the model): verdicts.tsv, one line per compared cell.
#include <zoo/reporter.h>

#include <string>

#include "rapidjson/document.h"

namespace {

thread_local std::string g_error;

zoo_status_t Render(const zoo_report_request_t* request, const zoo_report_output_t* output) {
  rapidjson::Document model;
  model.Parse(request->model_json, request->model_json_size);
  if (model.HasParseError() || !model.IsObject() || !model.HasMember("cells")) {
    g_error = "the report model is not the JSON object this reporter reads";
    return ZOO_STATUS_INVALID_ARGUMENT;
  }
  std::string tsv = "cell\tverdict\tratio\n";
  for (const rapidjson::Value& cell : model["cells"].GetArray()) {
    tsv += cell["id"].GetString();
    tsv += '\t';
    tsv += cell["verdict"].GetString();
    tsv += '\t';
    tsv += cell["ratio"].IsNumber() ? std::to_string(cell["ratio"].GetDouble()) : "";
    tsv += '\n';
  }
  const zoo_status_t s = output->write_file(output, "verdicts.tsv", tsv.data(), tsv.size());
  if (s != ZOO_STATUS_OK) g_error = "the host refused verdicts.tsv";
  return s;
}

const char* ErrorText() { return g_error.c_str(); }

}  // namespace

extern "C" ZOO_REPORTER_EXPORT const zoo_reporter_entry_t zoo_reporter_entry = {
    ZOO_REPORTER_MAGIC, ZOO_REPORTER_ABI_MAJOR, ZOO_REPORTER_ABI_MINOR,
    sizeof(zoo_reporter_entry_t), "verdicts", "1.0.0",
    "Test reporter: every cell's verdict as tab-separated values", "tsv", "en,zh", 1, 1,
    &Render, &ErrorText};
