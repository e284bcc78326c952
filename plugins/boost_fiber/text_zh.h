// The boost_fiber adapter's texts in Chinese (zoo.text/1): the report's zh edition prints
// these instead of the English of kMetadata.
#pragma once

#include <zoo/ext/text.h>

namespace zoo::boost_fiber {

inline constexpr zoo_text_string_t kTextZh[] = {
    {"description",
     "Boost.Fiber 的 work_stealing 调度器，每个核一个线程；每个任务一个分离（detach）的纤程，经由 "
     "buffered_channel 交给一个分发纤程。"},
    {"caliber_notes",
     "线程池：max(2, logical_cores) 个工作线程，每核一个，与单元的并发度无关（纤程是 M:N 的：2 核上"
     "并发度 64 时，64 个纤程共用 2 个线程），除非宿主把 workers 设得与并发度不同（此时即为该数，2 到 "
     "1024），或给了选项 threads=N。线程数无法跟随并发度：Boost 1.74 的 work_stealing 在"
     "第一个线程池时就为整个进程固定了它（静态注册表与屏障），而 1 个线程会被拒绝，因为没有别的调度器"
     "可选时它的窃取循环永远不会结束。每个工作线程都安装 use_scheduling_algorithm<work_stealing>(N)"
     "（suspend=false，即 Boost 的默认值和其示例的用法），并把自己的主纤程停在一个纤程条件变量上，"
     "与 Boost 的 work_stealing 示例相同；控制线程不参与。每个任务测到的是：控制线程上（提交侧）一次"
     "原子递增与 buffered_channel::try_push（通道的自旋锁；分发纤程停在 pop() 中时，再加一次投到其"
     "工作线程远程就绪队列的远程调度）；工作线程上，分发纤程的 pop、为每个任务创建一个纤程（一个 "
     "128 KiB 的 fixedsize_stack，经 malloc 分配、稍后释放，可能在另一个线程上；glibc 用 madvise "
     "修剪工作线程的分配区，所以新栈的页常常要重新缺页调入）、它经 launch::post 进入分发者的 "
     "work_stealing 就绪队列、被空闲工作线程窃取、切入与切出该纤程的上下文切换，以及通过 "
     "task->run() 运行的执行体本身。完成是一次原子递减；把计数减到零的纤程通过 std::mutex 加条件变量"
     "唤醒 drain()（测评工具的粘合代码，每轮一次：与 thread_pool 使用的交接相同）。注意事项："
     "suspend=false 时，每个工作线程在实例的整个生命期内都在调度循环中以 100% CPU 自旋（尝试窃取），"
     "两轮之间也是如此，所以没有工作线程会休眠（交接时没有唤醒延迟）；但线程数等于核数时，从 drain() "
     "中醒来的控制线程以及任何其他负载都要与自旋者争用核：被唤醒的控制线程可能要等完一个自旋者的时间片"
     "（在 2 个虚拟 CPU 的虚拟机上约 4 ms：setup() 就需要这么久），所以尾部很长；有外部负载时，自旋的"
     "兄弟线程也会拖慢正在运行执行体的工作线程，而空闲工作线程能否及时窃取取决于这种负载。纤程是协作式"
     "的，执行体从不让出：一个纤程在第一个取到它的工作线程上一直运行到完成；窃取只移动尚未开始的纤程"
     "（以及分发纤程本身）。work_stealing 的 steal() 只取受害者队列的队首，若队首是一个固定的上下文"
     "（每次切换时调度器自己的分发上下文都会排在那里）就放弃，所以即使后面排着可窃取的纤程，窃取也可能"
     "失败。控制线程一碰通道，就得到 Boost.Fiber 隐式的每线程主上下文与 round_robin 调度器（在 "
     "setup() 中、计时区之外创建）；它不运行任何纤程，并作为线程局部状态一直存活到该线程退出，比 "
     "teardown 更久。这是一个变通做法，不是用户会写的代码：每建一个线程池之前，setup() 都会重置 "
     "work_stealing 私有的静态调度器计数器（boostorg/fiber#217；不这样做，同一进程中的第二个线程池会"
     "越界写入调度器注册表）。未测量：fiber::join、future、执行体内的纤程互斥锁、池化的栈、NUMA 版的 "
     "work_stealing、suspend=true（选项 suspend=1：此时空闲工作线程会休眠，且不会被唤醒去窃取，所以"
     "执行体只在分发者所在的工作线程上运行）。"},
    {"drive_level",
     "Boost.Fiber 公开接口（use_scheduling_algorithm<work_stealing>、fiber 加 detach、"
     "buffered_channel、纤程 condition_variable），如其 work_stealing 示例的用法；每轮的等待用一个"
     "计数器，因为 Boost.Fiber 没有等待全部分离纤程的接口"},
};

}  // namespace zoo::boost_fiber
