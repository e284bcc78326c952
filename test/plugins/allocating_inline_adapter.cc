// allocating_inline: the inline adapter plus exactly kBlocks malloc calls of kBlockBytes each
// in every submit(), freed in drain(). A known allocation cost per task: a counters unit must
// read back exactly kBlocks calls and kBlocks * kBlockBytes bytes per task (the host and
// inline dispatch allocate nothing in a round).
#include <zoo/adapter.hpp>

#include <cstdlib>
#include <vector>

namespace {

class AllocatingInline {
 public:
  static constexpr int kBlocks = 3;
  static constexpr size_t kBlockBytes = 48;

  static constexpr zoo::Metadata kMetadata = {
      .name = "allocating_inline",
      .version = "1.0.0",
      .description = "Test plugin: inline, with 3 mallocs of 48 bytes in every submit().",
      .kind = "test",
      .caliber_notes = "Runs each body inline, after allocating three 48-byte blocks it frees "
                       "in drain(): a known allocation count per task for the cost units.",
      .drive_level = "not applicable: a test plugin, the host calls the body directly",
  };

  // Room for a round's blocks, reserved in setup so that submit() only calls malloc.
  AllocatingInline(const zoo::Host& /*host*/, const zoo::Config& config)
      : blocks_(static_cast<size_t>(config.concurrency) * kBlocks + kBlocks, nullptr) {}
  ~AllocatingInline() { Drain(); }

  void Submit(const zoo_task_t* task) {
    for (int i = 0; i < kBlocks && used_ < blocks_.size(); ++i) {
      blocks_[used_++] = std::malloc(kBlockBytes);
    }
    zoo::Run(task);
  }
  void Drain() {
    for (size_t i = 0; i < used_; ++i) std::free(blocks_[i]);
    used_ = 0;
  }

 private:
  std::vector<void*> blocks_;
  size_t used_ = 0;
};

}  // namespace

ZOO_EXPORT_ADAPTER(AllocatingInline)
