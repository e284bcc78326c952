// The deck's catalog, Chinese (terms as in the 0.8.0 seed deck). Keys and placeholders must
// match catalog_en.cc; templates are plain text (no markup).
#include "plugins/reporters/html/deck_catalogs.h"

namespace zoo::report::html {

constinit const std::string_view kDeckCatalogZh = R"json({
"deck.cont": "{title}（续）",
"deck.data": "数据：{section}",
"deck.data.chart": "数据：{section} · 并发度 {concurrency} · 逐单元数值与分位数见 report.md 的同一章节",
"deck.hint": "← / → · 空格 · R 回到开头 · L 幻灯片列表",
"deck.list.title": "幻灯片",
"deck.rest.title": "本章其余明细在全文里",
"deck.rest.body": "幻灯片为了「一页一个结论」只放了本章的前 {shown} 页；余下约 {remaining} 页的内容都在全文的同一章节里，逐字可核。",
"deck.rest.where": "全文：同目录 report.md 的「{section}」章节",

"deck.title.topline": "zoo-host · {started} · {cpu}",
"deck.title.subtitle": "性能评测报告",
"deck.title.cores": "{cores} 个逻辑核",
"deck.contents.title": "目录",
"deck.contents.keys": "按键：→ 或空格 下一页，← 上一页，R 回到第一页，L 全部幻灯片列表。",
"deck.appendix.title": "附录",
"deck.appendix.note": "主线略去的一切：环境与方法、每个维度、代码成本、自检，以及完整的判定列表与注意事项。",
"deck.noise.title": "噪声警告",
"deck.pick.title": "该选哪个",
"deck.league.title": "排名",
"deck.league.caption": "每个适配器每任务开销相对最快者的倍数，按档位与并发度：最快者加星，与其在噪声内者加框。",
"deck.noise.not_recorded": "噪声警告：未记录。写下本留档的 zoo-host 没有检查这台机器：这并不表示机器是干净的。",
"deck.noise.title_line": "噪声警告（{count} 项）：{names}。下一页说明各项为何重要以及怎么办。",
"deck.env.archive": "留档",

"deck.headline.title": "框架自身开销占比",
"deck.headline.data": "数据：框架自身开销占比 · 并发度 {concurrency} · 执行体 {tier} 档",
"deck.headline.statement": "并发度 {concurrency}、执行体 {tier} 时 {subject} 的框架自身开销占比：这是它首次降到 {threshold} 以下的档位。",
"deck.headline.lower": "该档位有 {count} 个对照方案更低：{names}。",
"deck.headline.none_lower": "该档位没有对照方案更低。",
"deck.headline.same_tier": "同档、同一次运行的对比：{values}",

"deck.multiples.title": "各对照方案相对被测框架的倍数（按档位）",
"deck.multiples.caption": "同一次运行内的相对比：可跨运行、跨机器比较。高于 1×：对照方案比被测框架慢。空心标记：差异在带宽内，分不出胜负。",
"deck.latency.title": "并发度 {concurrency} 下的每任务延迟",
"deck.latency.caption": "标注的数值：每任务端到端中位数，绝对值，仅在本次运行内有效。条形：相对被测框架的倍数（同一次运行内的相对比）。逐单元的分位数与离散度见 report.md。",
"deck.overhead.title": "并发度 {concurrency} 下的框架自身开销占比",
"deck.overhead.caption": "标注的数值：本次运行内开销占端到端的比例。— 表示该单元没有开销数字（并发度超过逻辑核数，或算出的负值不可读）。",
"deck.throughput.title": "并发度 {concurrency} 下的吞吐",
"deck.throughput.caption": "标注的数值：每秒任务数，绝对值，仅在本次运行内有效。条形：相对被测框架的倍数（同一次运行内的相对比）。",
"deck.chart.none": "并发度 {concurrency} 下没有任何单元有此项数值：该并发度的单元全部失败（见口径局限一节中的失败单元）。",
"deck.overhead.none": "并发度 {concurrency} 没有开销数字：它超过了这台机器的 {cores} 个逻辑核，执行体自报耗时里含运行队列的等待，端到端减去执行体没有意义。该并发度的端到端与吞吐仍然有效。",


"deck.closing.title": "每一页都可在全文里逐字复核",
"deck.closing.full_report": "全文：同目录的 {file}：逐单元数值、分位数、离散度与每轮原始样本。",
"deck.closing.layout_only": "幻灯片压缩的只是排版，没有压缩数值：这里的每个数字都在全文里。",
"deck.closing.rerender": "不重新测量、从留档再次生成本幻灯片与报告：{command}",
"deck.closing.units": "本次运行测得 {measured} 个单元，失败 {failed} 个。"
})json";

}  // namespace zoo::report::html
