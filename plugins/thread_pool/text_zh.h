// The thread_pool adapter's texts in Chinese (zoo.text/1): the report's zh edition prints
// these instead of the English of kMetadata.
#pragma once

#include <zoo/ext/text.h>

namespace zoo::thread_pool {

inline constexpr zoo_text_string_t kTextZh[] = {
    {"description", "线程数等于并发度的固定线程池，所有线程共用一个互斥锁加条件变量的队列。"},
    {"caliber_notes",
     "工作线程在 setup() 中启动，两轮之间在条件变量上休眠，因此每一轮都要付一次唤醒（工作线程在"
     "另一个核上时，小型虚拟机上为 20–50 µs）以及同一个共享队列上的锁交接。队列是预先分配的"
     "环形缓冲，共 max_batch 个槽位：submit() 不分配内存。drain() 在第二个条件变量上等待，直到"
     "在途任务数降为零。"},
    {"drive_level", "直接使用 std::thread、std::mutex 与 std::condition_variable"},
};

}  // namespace zoo::thread_pool
