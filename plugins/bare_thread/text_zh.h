// The bare_thread adapter's texts in Chinese (zoo.text/1): the report's zh edition prints
// these instead of the English of kMetadata.
#pragma once

#include <zoo/ext/text.h>

namespace zoo::bare_thread {

inline constexpr zoo_text_string_t kTextZh[] = {
    {"description", "在 submit() 中为每个任务启动一个 std::thread，在 drain() 中逐一 join。"},
    {"caliber_notes",
     "线程创建的代价付在 submit() 之内，因此提交侧很大，而交接（从 submit 返回到执行体开始）可能"
     "为负：新线程可能在 submit() 返回之前就开始运行执行体。线程退出与 join 的代价付在 drain() "
     "中。没有任何复用：每个任务都要付一次完整的创建加 join（在小型虚拟机上约 40 µs）。"},
    {"drive_level", "直接使用 std::thread，如同手写代码那样"},
};

}  // namespace zoo::bare_thread
