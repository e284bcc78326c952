// The libuv adapter's texts in Chinese (zoo.text/1): the report's zh edition prints these
// instead of the English of kMetadata.
#pragma once

#include <zoo/ext/text.h>

namespace zoo::libuv_adapter {

inline constexpr zoo_text_string_t kTextZh[] = {
    {"description",
     "一个运行在独立线程上的 libuv 事件循环，用 uv_queue_work 把每个执行体卸载到 libuv 的线程池，"
     "并在 after_work_cb 中记为完成，正如 libuv 应用程序卸载阻塞工作的方式。"},
    {"caliber_notes",
     "每个任务：submit() 压入一个预先分配、受互斥锁保护的队列，并调用 uv_async_send（循环尚未被通知"
     "时是一次 eventfd 写入；多次发送会合并）；循环线程从 epoll 中醒来，取走队列，为每个任务调用 "
     "uv_queue_work（预先分配的 uv_work_t，不分配内存；libuv 的全局线程池互斥锁，以及通知一个空闲池"
     "线程的条件变量信号）；池线程通过 task->run() 运行执行体，所以完成在池线程上、在 libuv 把请求"
     "交回之前就被记录；随后 libuv 把它投递到循环（其内部的 wq_async：一个互斥锁和又一次 eventfd "
     "写入），after_work_cb 在循环线程上运行，也就是应用程序看到结果的地方。回到循环的这一跳不在每任务"
     "的返回段中（执行体结束到完成，这里约为零）；它在轮墙钟与端到端之中，因为 drain() 要等 "
     "after_work_cb 计完每个任务才返回。每轮最多四次线程唤醒（被唤醒的线程在另一个核上休眠时，小型"
     "虚拟机上每次 20–50 µs）：循环线程、池线程、再次循环线程、控制线程；循环线程是串行的，在高并发度下"
     "挡在线程池前面。drain() 是测评工具的粘合代码：after_work_cb 递减一个原子的未完成计数，把它减到零"
     "的回调通过互斥锁加条件变量唤醒 drain()（每轮一次；与 thread_pool 和 asio_pool 使用的交接相同）。"
     "线程池大小：libuv 的线程池是进程级的，在进程中第一次 uv_queue_work 时按 UV_THREADPOOL_SIZE "
     "一次定下（默认 4，上限 1024）。若该变量未设置，进程中的第一次 setup() 把它设为 workers（该单元的线程池"
     "大小：除非宿主另行设定，即并发度；上限 1024）；若用户设置了它，则保持不动。无论哪种情况，此后大小在该进程内固定：同一进程中之后的实例"
     "沿用第一次的大小，不论其 workers，而只要线程池大小与 workers 不同，setup() 就会记录一条警告。"
     "zoo-host 每个进程只测一个单元，所以测得的单元线程池大小等于 workers，除非用户设置了 "
     "UV_THREADPOOL_SIZE（或 workers 超过 1024）；等价性门禁在一个进程中运行它的各个并发度，所以后面的"
     "阶段运行在第一个阶段的线程池上（仍是完整的正确性检查，只是不检查并行度）。池线程属于 libuv："
     "libuv 在进程中第一次 uv_queue_work 时启动它们，所以 setup() 先排入一个空工作项，让这件事发生在"
     "那里而不是第一轮中；它们比 teardown() 活得更久（libuv 没有停止它们的接口；它们在条件变量上休眠，"
     "直到进程退出或 libuv 被卸载）。未测量：libuv 的 I/O、定时器、uv_cancel，以及任何脚本运行时的"
     "代价（Node.js 在同一路径外包了一层 JavaScript 回调）。"},
    {"drive_level",
     "libuv 公开接口（uv_loop_init、uv_run、uv_async_t、uv_queue_work），运行在专用的循环线程上，"
     "正如 libuv 应用程序卸载阻塞工作的方式"},
};

}  // namespace zoo::libuv_adapter
