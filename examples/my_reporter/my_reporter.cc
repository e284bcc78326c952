// my_reporter: a one-page plain-text summary of a zoo-host report (summary.txt): the subject,
// how many cells it wins, loses and ties, and every cell it loses. It computes nothing: every
// figure is read from the report model zoo-host hands over.
#include <zoo/reporter.h>

#include <cstdio>
#include <string>

#include <rapidjson/document.h>

namespace {

thread_local std::string g_error;

std::string Line(const char* format, const std::string& a, double b) {
  char buf[512];
  std::snprintf(buf, sizeof buf, format, a.c_str(), b);
  return buf;
}

zoo_status_t Render(const zoo_report_request_t* request, const zoo_report_output_t* output) {
  rapidjson::Document model;
  model.Parse(request->model_json, request->model_json_size);
  if (model.HasParseError() || !model.IsObject() || !model.HasMember("cells")) {
    g_error = "the report model is not a JSON object with cells";
    return ZOO_STATUS_INVALID_ARGUMENT;
  }
  const std::string subject = model["subject"].GetString();
  std::string text = "subject: " + subject + " " + model["subject_version"].GetString() + "\n";
  text += "faster in " + std::to_string(model["subject_faster"].Size()) + " cells, slower in " +
          std::to_string(model["subject_slower"].Size()) + ", no winner in " +
          std::to_string(model["indistinguishable"].Size()) + "\n";
  for (const rapidjson::Value& index : model["subject_slower"].GetArray()) {
    const rapidjson::Value& cell = model["cells"][index.GetUint()];
    text += Line("  loses %s: baseline at %.2fx the subject's time\n", cell["id"].GetString(),
                 cell["ratio"].GetDouble());
  }
  if (output->write_file(output, "summary.txt", text.data(), text.size()) != ZOO_STATUS_OK) {
    g_error = "zoo-host refused summary.txt";
    return ZOO_STATUS_ERROR;
  }
  return ZOO_STATUS_OK;
}

const char* ErrorText() { return g_error.c_str(); }

}  // namespace

extern "C" ZOO_REPORTER_EXPORT const zoo_reporter_entry_t zoo_reporter_entry = {
    .magic = ZOO_REPORTER_MAGIC,
    .abi_major = ZOO_REPORTER_ABI_MAJOR,
    .abi_minor = ZOO_REPORTER_ABI_MINOR,
    .struct_size = sizeof(zoo_reporter_entry_t),
    .name = "my_reporter",
    .version = "1.0.0",
    .description = "A plain-text summary: wins, losses and ties, and every losing cell",
    .formats = "txt",
    .languages = "en",
    .min_model_version = 1,
    .max_model_version = 1,
    .render = &Render,
    .error_text = &ErrorText,
};
