// The tbb adapter's texts in Chinese (zoo.text/1): the report's zh edition prints these
// instead of the English of kMetadata.
#pragma once

#include <zoo/ext/text.h>

namespace zoo::tbb_adapter {

inline constexpr zoo_text_string_t kTextZh[] = {
    {"description",
     "oneTBB 的 task_arena(concurrency) 加 task_group：提交即 arena.execute(group.run)，排空即 "
     "arena.execute(group.wait)；工作线程以窃取方式取任务，休眠前先自旋。"},
    {"caliber_notes",
     "每个任务：一次 task_arena::execute（控制线程进入竞技场中为它保留的槽位，然后离开），其中调用 "
     "task_group::run，它从 TBB 的小对象分配器取一个任务对象，压入该槽位的双端队列，由空闲的工作"
     "线程窃取；执行体在工作线程上通过 task->run() 运行，所以执行体一返回完成就被记录。drain() 是"
     "包在 task_group::wait() 外面的 arena.execute：控制线程自己运行仍在排队的任务，再等待工作线程"
     "正在运行的任务。竞技场是 task_arena(workers)（除非宿主另行设定，workers 即并发度），为调用线程保留一个"
     "槽位（TBB 的默认），所以在 workers 为 1 时 TBB 根本没有工作线程，每个执行体都在 drain() 内于"
     "控制线程上运行：没有跨线程的一跳，这些格应像 inline 那样读。workers 大于 1 时，oneTBB 启动的工作线程从不超过它的全局上限 "
     "max_allowed_parallelism - 1（逻辑核数减一：在 2 核机器上只有一个工作线程；TBB 每个实例会打印"
     "一次工作线程数受限的警告）：4、16 或 64 的竞技场不会超额订阅，至多有与核数相同数量的线程"
     "（控制线程与工作线程）运行执行体，而 thread_pool 会启动 workers 个线程。没有任务的工作"
     "线程会先自旋（pause，然后 yield）一段时间再休眠，所以碰上仍在自旋的工作线程的一次往返只需几"
     "微秒，而不是条件变量线程池 20–50 µs 的唤醒；自旋耗掉的 CPU 没有在任何地方测量。工作线程在 "
     "setup() 中启动（arena.initialize() 与一轮空任务的预热，都在计时轮之外），在 teardown() 中通过 "
     "task_scheduler_handle 上的 tbb::finalize 回收。未测量：parallel_for 等算法、流图、"
     "task_arena::enqueue、隔离、亲和性与 NUMA 约束、多个工作线程之间的窃取。"},
    {"drive_level",
     "oneTBB 公开接口（task_arena、task_group、task_scheduler_handle），如其文档所示从竞技场之外的"
     "线程交入工作"},
};

}  // namespace zoo::tbb_adapter
