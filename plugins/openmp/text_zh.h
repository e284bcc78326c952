// The openmp adapter's texts in Chinese (zoo.text/1): the report's zh edition prints these
// instead of the English of kMetadata.
#pragma once

#include <zoo/ext/text.h>

namespace zoo::openmp_adapter {

inline constexpr zoo_text_string_t kTextZh[] = {
    {"description",
     "在一个常驻、线程数等于并发度的并行区中使用 OpenMP 任务：其 single 线程把每次提交变成一个 "
     "#pragma omp task，把每次排空变成 #pragma omp taskwait。"},
    {"caliber_notes",
     "设计：一个常驻的并行区（num_threads(workers)，至多 256；除非宿主另行设定，workers 即"
     "并发度），在 setup() 中于适配器自己的一个 "
     "std::thread 上打开，在 teardown() 中关闭；其 single 线程是分发者。OpenMP 任务只能在并行区内"
     "创建，而宿主的控制线程不可能处在并行区中，因此每个任务都要经过一次原生 OpenMP 程序没有的交接："
     "submit() 把任务写入一个预先分配、共 max_batch 个槽位的环形缓冲并递增一个原子量（无锁、不分配），"
     "分发者（自旋中或被唤醒后）为它创建 #pragma omp task firstprivate(t)（libgomp 分配该任务，若团队"
     "线程在休眠，则用 futex 唤醒其中一个）。其余 workers 减一个团队线程在 single 的屏障处等待并运行任务；"
     "workers 为 1 时团队只有分发者自己，它在自己的 taskwait 中运行执行体。drain() 发出一个请求，分发者"
     "执行 #pragma omp taskwait（自己运行排队的任务）后作答；这对请求与应答是每轮第二次适配器交接。两次"
     "交接都先自旋（pause 2 µs，然后 sched_yield 直到 50 µs）再在 futex 上休眠，所以等待一方已入睡的"
     "一轮要付 20–50 µs 的唤醒，这是适配器的管道代价，不是 OpenMP 的。OMP_WAIT_POLICY 未设置：采用 "
     "libgomp 的默认值（团队线程先自旋 GOMP_SPINCOUNT = 300,000 次迭代，约 3 ms，再在 futex 上休眠；"
     "但当进程中的 libgomp 线程多于核数时只自旋 100 次，即 2 核机器上从 workers 3 起）。libgomp 不把控制"
     "线程计算在内：当团队恰好与核数一样大（2 核上 workers 2）时，它不加节制地自旋，尽管有三个线程共用"
     "这些核；一个不让出的自旋 libgomp 线程可能占住控制线程或某个执行体需要的核长达一个调度时间片："
     "这样的格可能又慢又不稳定（每轮数毫秒），在环境中设置 OMP_WAIT_POLICY=passive 可避免。比核数更大的"
     "团队会超额订阅这些核，与 thread_pool 相同。自旋耗掉的 CPU 没有测量。当待处理任务超过 64 乘以团队"
     "大小时，libgomp 会在创建者中直接运行任务而不再排队。未实现：每次 drain() 一个并行区（那会把每轮一次"
     "的团队启动计入时间）。未测量：工作共享循环、taskloop、depend 子句、优先级、亲和性（OMP_PROC_BIND）、"
     "嵌套并行。"},
    {"drive_level",
     "OpenMP 4.5 指令（parallel、single、task、taskwait），由 GCC 编译到 libgomp 之上，经由并行区内"
     "一个由适配器拥有的分发线程送入任务"},
};

}  // namespace zoo::openmp_adapter
