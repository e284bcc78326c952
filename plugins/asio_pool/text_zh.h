// The asio_pool adapter's texts in Chinese (zoo.text/1): the report's zh edition prints these
// instead of the English of kMetadata.
#pragma once

#include <zoo/ext/text.h>

namespace zoo::asio_pool {

inline constexpr zoo_text_string_t kTextZh[] = {
    {"description",
     "一个 Boost.Asio io_context 事件循环线程，把每个执行体投递到线程数等于并发度的 "
     "asio::thread_pool，再在循环线程上取回完成通知，类似 asyncio 的 run_in_executor。"},
    {"caliber_notes",
     "每个任务的代价包括三次 Asio 投递（post），每次都要分配一个处理器对象（Asio 为每个线程保留"
     "少量处理器内存缓存；控制线程只投递、从不释放，所以它的投递都走 malloc），再加一次加锁的入队："
     "submit() 投到 io_context，循环线程投到 thread_pool，池线程再投回 io_context。每次投递都可能"
     "唤醒一个休眠的线程（该线程在另一个核上时，小型虚拟机上为 20–50 µs）：任务到达时唤醒循环线程，"
     "为执行体唤醒一个池线程，完成时再次唤醒循环线程。经由循环线程多出的这一跳每个任务要付两次，"
     "而且是串行的：只有一个循环线程接收并完成所有任务，所以在高并发度下它是挡在线程池前面的一道"
     "队列。完成在循环线程上记录（在那里调用 host->complete，正如等待中的协程会在那里恢复），所以"
     "返回段包含回到循环线程的这一跳；每轮一次，互斥锁加条件变量的交接唤醒 drain()，这是测评工具的"
     "粘合代码（在 asyncio 中调用方本身就是循环上的协程）。不包括：协程帧、future 以及 Python 层面的"
     "代价；这里没有使用 co_await，这些投递就是一次恢复的代价。"},
    {"drive_level",
     "boost::asio 公开接口（io_context、executor_work_guard、post、thread_pool），如应用程序"
     "那样使用"},
};

}  // namespace zoo::asio_pool
