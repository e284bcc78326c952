// The inline adapter's texts in Chinese (zoo.text/1): the report's zh edition prints these
// instead of the English of kMetadata.
#pragma once

#include <zoo/ext/text.h>

namespace zoo::inline_adapter {

inline constexpr zoo_text_string_t kTextZh[] = {
    {"description", "在 submit() 内、于调用线程上直接运行每个执行体：测评工具的下限。"},
    {"caliber_notes",
     "完全没有分发：执行体在 submit() 返回之前就已运行完，因此每任务的代价就是测评工具自身的"
     "开销（时间戳、一次间接调用）。这里并发度不会带来并行：一轮的 N 个任务依次执行，所以在每个"
     "并发度下，每任务端到端都接近执行体耗时。应把它读作任何执行模型都无法超越的下限，而不是"
     "竞争者。"},
    {"drive_level", "不适用：这里没有框架，宿主直接调用执行体"},
};

}  // namespace zoo::inline_adapter
