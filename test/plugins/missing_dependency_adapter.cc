// missing_dependency: deliberately broken test plugin.
//
// A correct inline adapter that needs a shared library that is not there: it is linked
// against libzoo_vanished_dependency, whose SONAME libzoo_vanished_dependency.so.1 no file
// has, and it really calls a function from it so the DT_NEEDED entry is kept. dlopen() fails
// with "libzoo_vanished_dependency.so.1: cannot open shared object file: No such file or
// directory"; a host must report the loader's text.
#include <zoo/adapter.hpp>

#include "vanished_dependency.h"

namespace {

class MissingDependencyAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "missing_dependency",
      .version = "1.0.0",
      .description = "Test plugin: an inline adapter linked against a library that is missing.",
      .kind = "test",
      .caliber_notes =
          "Deliberately broken: the dynamic loader cannot load it (a needed library is "
          "missing); it must be refused at load time.",
      .drive_level = "not applicable: a test plugin, never measured",
  };

  MissingDependencyAdapter(const zoo::Host& /*host*/, const zoo::Config& /*config*/) {
    if (zoo_vanished_dependency_answer() != 42) {
      throw zoo::Error(ZOO_STATUS_ERROR, "libzoo_vanished_dependency gave the wrong answer");
    }
  }

  void Submit(const zoo_task_t* task) { zoo::Run(task); }
  void Drain() {}
};

}  // namespace

ZOO_EXPORT_ADAPTER(MissingDependencyAdapter)
