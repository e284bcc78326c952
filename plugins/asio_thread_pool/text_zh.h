// The asio_thread_pool adapter's texts in Chinese (zoo.text/1): the report's zh edition prints
// these instead of the English of kMetadata.
#pragma once

#include <zoo/ext/text.h>

namespace zoo::asio_thread_pool {

inline constexpr zoo_text_string_t kTextZh[] = {
    {"description",
     "线程数等于并发度的 boost::asio::thread_pool，每个任务一次 boost::asio::post(pool, ...)："
     "使用线程池自己的加锁队列，不经过事件循环。"},
    {"caliber_notes",
     "每个任务：控制线程一次 boost::asio::post，进入线程池的调度器队列。每次投递都分配一个处理器"
     "（包装该 lambda 的小操作对象）：Asio 通过运行它的线程的每线程缓存回收处理器内存，但控制线程"
     "不是池线程、只投递，所以每次 submit 都要付一次 malloc，释放则发生在池线程上（在那里缓存或"
     "还给 malloc）。每次投递还要获取调度器的互斥锁，并在有池线程空闲时通知其条件变量：唤醒一个"
     "休眠的池线程（该线程在另一个核上时，小型虚拟机上为 20–50 µs）是交接的一部分。执行体在池线程"
     "上通过 task->run() 运行，所以执行体一返回完成就在那里记录；返回段不含额外的一跳。drain() 是"
     "测评工具的粘合代码：文档给出的等待方式 pool.join() 会结束线程池，因此每个执行体之后递减一个"
     "原子的未完成任务计数，把它减到零的线程通过互斥锁加条件变量唤醒 drain()（每轮一次；与 "
     "thread_pool 和 asio_pool 使用的交接相同）。线程在 setup() 中启动，两轮之间休眠。未测量："
     "带 outstanding_work_tracked 的执行器、strand、完成令牌、future、io_context。"},
    {"drive_level",
     "boost::asio 公开接口（thread_pool、post），如 Asio 文档所示；每轮的等待用一个计数器，因为 "
     "join() 会结束线程池"},
};

}  // namespace zoo::asio_thread_pool
