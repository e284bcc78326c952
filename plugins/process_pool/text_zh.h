// The process_pool adapter's texts in Chinese (zoo.text/1): the report's zh edition prints
// these instead of the English of kMetadata.
#pragma once

#include <zoo/ext/text.h>

namespace zoo::process_pool {

inline constexpr zoo_text_string_t kTextZh[] = {
    {"description",
     "在 setup() 中 fork 出与并发度相同数量的工作进程；任务编号按轮转方式经各自的请求管道发给它们，"
     "结果经一条共用的应答管道传回。"},
    {"caliber_notes",
     "每个任务的代价包括：submit() 中向选定工作进程的请求管道 write() 8 个字节（一次系统调用，工作进程"
     "休眠时会唤醒它）、切换到该工作进程的上下文切换及其 read()、在那里由 host->execute() 运行的执行体、"
     "向所有工作进程共用的应答管道 write() 64 字节的结果、宿主读线程的唤醒及其 read()（一次 read() 可以"
     "收到多条记录）、宿主中的 host->complete()，以及每轮一次到 drain() 的互斥锁加条件变量交接。"
     "submit() 不加锁也不分配内存。一轮仍在运行时，drain() 每 50 ms 醒来一次，用 waitpid(WNOHANG) "
     "确认没有工作进程死亡（控制线程几微秒的时间，只出现在长于 50 ms 的轮中）。两个进程之间的一次管道"
     "往返在小型虚拟机上约为 46 µs，所以短执行体的耗时主要由它决定。不包括：序列化（只发出 8 字节的"
     "编号，传回固定的 64 字节记录；multiprocessing 或 ProcessPoolExecutor 会用 pickle 序列化可调用"
     "对象、其参数与结果），以及进程启动：工作进程在 setup() 中、计时区之外一次性 fork() 出来，直接从"
     "单元进程 fork，该进程刚被 exec 启动，此时仍然很小（设计上更倾向于用 fork 服务器或 posix_spawn，"
     "而不是从一个大的父进程 fork；不能用 exec，因为 host->execute 只在从宿主 fork 出来的进程中可用）。"
     "任务按轮转分配，没有工作窃取：一个慢执行体会拖延同一工作进程上排在它后面的任务。执行体耗时在"
     "工作进程中测得（CLOCK_MONOTONIC 是全机统一的）。工作进程多于核数时，执行体还要在内核的运行队列中"
     "等待。"},
    {"drive_level",
     "直接使用 fork()、pipe()、read() 与 write()，如同手写的进程池；执行体在工作进程中通过 "
     "host->execute() 运行"},
};

}  // namespace zoo::process_pool
