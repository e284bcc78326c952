// render_fixture REPORTER.so LANGUAGE FORMATS OUT_DIR [MODEL.json]
//
// Renders a report model (MODEL.json, or the fixture model of fixture_model.h) through a
// reporter module's C ABI, as zoo-host would, and writes the files under OUT_DIR. The browser
// test uses it to get a deck to open; `zoo-host render` will take its place.
#include <dlfcn.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

#include "test/reporters/fixture_model.h"
#include "zoo/reporter.h"

namespace {

struct Sink {
  std::filesystem::path dir;
  bool failed = false;
};

zoo_status_t WriteFile(const zoo_report_output_t* output, const char* relative_path,
                       const void* data, size_t size) {
  auto* sink = static_cast<Sink*>(output->host_data);
  const std::filesystem::path relative(relative_path);
  if (relative.is_absolute() || relative_path[0] == '\0' ||
      std::string(relative_path).find("..") != std::string::npos) {
    return ZOO_STATUS_INVALID_ARGUMENT;
  }
  const std::filesystem::path path = sink->dir / relative;
  std::error_code error;
  std::filesystem::create_directories(path.parent_path(), error);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(static_cast<const char*>(data), static_cast<std::streamsize>(size));
  if (!out) {
    sink->failed = true;
    return ZOO_STATUS_ERROR;
  }
  return ZOO_STATUS_OK;
}

void Log(const zoo_report_output_t*, int32_t level, const char* message) {
  std::cerr << "reporter log (" << level << "): " << message << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5 && argc != 6) {
    std::cerr << "usage: render_fixture REPORTER.so LANGUAGE FORMATS OUT_DIR [MODEL.json]\n";
    return 2;
  }
  std::string model;
  if (argc == 6) {
    std::ifstream model_file(argv[5], std::ios::binary);
    if (!model_file) {
      std::cerr << "render_fixture: cannot read the model " << argv[5] << "\n";
      return 2;
    }
    model.assign(std::istreambuf_iterator<char>(model_file), std::istreambuf_iterator<char>());
  } else {
    model = zoo::test::FixtureModelJson();
  }

  void* library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    std::cerr << "render_fixture: " << dlerror() << "\n";
    return 1;
  }
  const auto* entry =
      static_cast<const zoo_reporter_entry_t*>(dlsym(library, ZOO_REPORTER_ENTRY_SYMBOL));
  if (entry == nullptr || entry->magic != ZOO_REPORTER_MAGIC) {
    std::cerr << "render_fixture: " << argv[1] << " has no valid " ZOO_REPORTER_ENTRY_SYMBOL "\n";
    return 1;
  }

  Sink sink{argv[4], false};
  zoo_report_output_t output{};
  output.struct_size = sizeof output;
  output.host_data = &sink;
  output.write_file = WriteFile;
  output.log = Log;
  zoo_report_request_t request{};
  request.struct_size = sizeof request;
  request.model_version = 1;
  request.model_json = model.data();
  request.model_json_size = model.size();
  request.language = argv[2];
  request.formats = argv[3];
  const zoo_status_t status = entry->render(&request, &output);
  if (status != ZOO_STATUS_OK || sink.failed) {
    std::cerr << "render_fixture: the render failed: " << entry->error_text() << "\n";
    return 1;
  }
  return 0;
}
