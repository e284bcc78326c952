// inline: runs each body inside submit(), on the host's control thread. No handoff, no
// second thread: what is left is the harness's own per-task floor.
#include <zoo/adapter.hpp>

#include "plugins/inline/text_zh.h"

namespace {

class InlineAdapter {
 public:
  static constexpr zoo::Metadata kMetadata = {
      .name = "inline",
      .version = "1.0.0",
      .description = "Runs each body inside submit() on the calling thread: the harness floor.",
      .kind = "bare",
      .caliber_notes =
          "No dispatch at all: the body runs before submit() returns, so the per-task cost is "
          "the harness's own (timestamps, one indirect call). Concurrency does not add "
          "parallelism here: a round of N tasks runs them one after another, so per-task "
          "end-to-end stays near the body time at every concurrency. Read it as the floor "
          "that no execution model can beat, not as a competitor.",
      .drive_level = "not applicable: there is no framework, the host calls the body directly",
  };
  // The same texts in Chinese (text_zh.h), offered as zoo.text/1.
  static constexpr zoo::Translation kTranslations[] = {{"zh", ::zoo::inline_adapter::kTextZh}};

  InlineAdapter(const zoo::Host& /*host*/, const zoo::Config& /*config*/) {}

  void Submit(const zoo_task_t* task) { zoo::Run(task); }
  void Drain() {}
};

}  // namespace

ZOO_EXPORT_ADAPTER(InlineAdapter)
