// duplicate_name: a valid inline adapter whose descriptor name is "inline", the name of a
// built-in adapter. Nothing is wrong with the plugin itself; a host that finds two adapters
// of one name must resolve or refuse the clash, and say so.
#include <zoo/adapter.hpp>

namespace {

class DuplicateNameAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "inline",  // the point of this plugin: the built-in's name
      .version = "1.0.0",
      .description =
          "Test plugin: a correct inline adapter that calls itself \"inline\", like the "
          "built-in.",
      .kind = "test",
      .caliber_notes =
          "A valid copy of the built-in inline adapter under the same name; it exists to test "
          "how the host handles two adapters of one name.",
      .drive_level = "not applicable: there is no framework, the host calls the body directly",
  };

  DuplicateNameAdapter(const zoo::Host& /*host*/, const zoo::Config& /*config*/) {}

  void Submit(const zoo_task_t* task) { zoo::Run(task); }
  void Drain() {}
};

}  // namespace

ZOO_EXPORT_ADAPTER(DuplicateNameAdapter)
