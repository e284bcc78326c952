// The timer_scheduler adapter's texts in Chinese (zoo.text/1): the report's zh edition prints
// these instead of the English of kMetadata.
#pragma once

#include <zoo/ext/text.h>

namespace zoo::timer_scheduler {

inline constexpr zoo_text_string_t kTextZh[] = {
    {"description",
     "每个任务变成最小堆作业库中一个“立即到期”的作业；一个调度线程在最早的触发时刻醒来，把到期作业"
     "交给线程数等于并发度的执行线程池（对应 APScheduler 的 BackgroundScheduler 加线程池执行器）。"},
    {"caliber_notes",
     "每个任务的代价包括：submit() 中为触发时间读一次 steady_clock，在作业库的互斥锁下做一次堆压入，再"
     "用一次条件变量通知唤醒调度线程；调度线程的唤醒（它在另一个核上休眠时，小型虚拟机上为 20–50 µs），"
     "在作业库互斥锁下每个到期作业一次时钟读取与一次堆弹出；然后每个作业在第二个互斥锁下压入执行器队列，"
     "并通知唤醒一个执行线程（第二次唤醒）、执行体本身，以及一次原子递减；每轮一次，互斥锁加条件变量的"
     "交接唤醒 drain()。因此每个任务都要经过两次线程交接（控制线程到调度线程再到执行线程），而普通线程池"
     "只有一次，且唯一的调度线程是挡在执行器前面的一个串行环节。作业立即到期：不花时间等待未来的触发，"
     "wait_until() 只在作业库为空时休眠。不包括：APScheduler 在其上用 Python 所做的事（Job 对象与 "
     "uuid 编号、触发器对象与下次触发时间的计算、错过触发与合并的检查、作业库查找、事件监听器、日志、"
     "GIL）；堆与执行器队列都预先分配到 max_batch，所以这里没有每任务的分配。"},
    {"drive_level",
     "直接使用 std::thread、std::mutex、std::condition_variable::wait_until 与基于 "
     "std::push_heap 的作业库：是 APScheduler 的 BackgroundScheduler 的模型，不是 APScheduler 本身"},
};

}  // namespace zoo::timer_scheduler
