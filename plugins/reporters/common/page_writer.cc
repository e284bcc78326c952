#include "plugins/reporters/common/page_writer.h"

#include <utility>

#include "absl/strings/str_join.h"
#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/text_format.h"
#include "zoo/text.hpp"

namespace zoo::report {

PageWriter::PageWriter(const ModelDocument& model, const std::vector<Figure>& figures,
                       const PageMarkup& markup, PageForm form)
    : model_(model),
      figures_(figures),
      markup_(markup),
      form_(form),
      subject_(StringOf(model.root(), "subject")) {}

const Figure* PageWriter::FigureNamed(std::string_view file_name) const {
  for (const Figure& f : figures_) {
    if (f.file_name == file_name) return &f;
  }
  return nullptr;
}

std::string PageWriter::T(std::string_view key, const MessageArgs& args) {
  if (!status_.ok()) return "";
  absl::StatusOr<std::string> text = markup_.Sentence(key, args);
  if (text.ok()) return *std::move(text);
  status_ = text.status();
  return "";
}

std::string PageWriter::TOr(std::string_view key, std::string fallback, const MessageArgs& args) {
  return Has(key) ? T(key, args) : fallback;
}

namespace {

// The zoo.text/1 table of the adapter record `adapter` that serves `language`; nullptr if none.
const rapidjson::Value* TextsFor(const rapidjson::Value* adapter, std::string_view language) {
  const rapidjson::Value* text = adapter != nullptr ? MemberOf(*adapter, "text") : nullptr;
  if (text == nullptr || !text->IsObject()) return nullptr;
  const rapidjson::Value* best = nullptr;
  int best_match = 0;
  for (auto it = text->MemberBegin(); it != text->MemberEnd(); ++it) {
    const int match = LanguageMatch(
        std::string_view(it->name.GetString(), it->name.GetStringLength()), language);
    if (match > best_match && it->value.IsObject()) {
      best = &it->value;
      best_match = match;
    }
  }
  return best;
}

}  // namespace

std::string PageWriter::PluginText(std::string_view adapter, std::string_view key,
                                   std::string_view english) const {
  if (markup_.Language() == "en") return Quote(english);
  if (const rapidjson::Value* texts = TextsFor(model_.Adapter(adapter), markup_.Language())) {
    const std::string_view text = StringOf(*texts, std::string(key).c_str());
    if (!text.empty()) return markup_.Localized(text);
  }
  return english.empty() ? std::string() : markup_.Foreign(english);
}

std::vector<std::string> PageWriter::EnglishOnlyAdapters() const {
  std::vector<std::string> out;
  if (markup_.Language() == "en") return out;
  for (const rapidjson::Value& a : ArrayOf(root(), "adapters").GetArray()) {
    if (TextsFor(&a, markup_.Language()) == nullptr) out.emplace_back(StringOf(a, "name"));
  }
  return out;
}

std::string PageWriter::Term(std::string_view family, std::string_view id) {
  if (markup_.Language() == "en") return Quote(id);
  const std::string key = Concat(family, ".", id);
  return Has(key) ? T(key) : Code(id);
}

std::string PageWriter::Record(std::string_view text) const {
  if (markup_.Language() == "en") return Quote(text);
  return text.empty() ? std::string() : markup_.Foreign(text);
}

std::string PageWriter::Named(std::string_view prefix, std::string_view code) {
  return TOr(Concat(prefix, code), Quote(code));
}

std::string PageWriter::NamedOr(std::string_view prefix, std::string_view code,
                                std::string_view arg) {
  return TOr(Concat(prefix, code), T(Concat(prefix, "other"), {{arg, Quote(code)}}));
}

std::string PageWriter::Dur(double ns) const { return Text(Duration(ns)); }
std::string PageWriter::Pct(double fraction, int digits) const {
  return Text(Percent(fraction, digits));
}
std::string PageWriter::Times(double multiple) const { return Text(Multiple(multiple)); }
std::string PageWriter::TierText(uint32_t tier_us) const { return Text(Tier(tier_us)); }
std::string PageWriter::CountOf(const rapidjson::Value& v, const char* key) const {
  return Text(Count(NumberOf(v, key)));
}
std::string PageWriter::PValueOf(const rapidjson::Value& v) const {
  const rapidjson::Value* test = MemberOf(v, "test");
  return Text(PValue(NumberOf(test != nullptr ? *test : v, "p_value")));
}

std::string PageWriter::Say(const rapidjson::Value* message, std::string_view where) {
  const std::string_view code = message != nullptr ? StringOf(*message, "code") : "";
  const rapidjson::Value* args = message != nullptr ? MemberOf(*message, "args") : nullptr;
  if (code.empty() || args == nullptr || !args->IsObject()) {
    Lacks(where);
    return "";
  }
  MessageArgs formatted;
  for (auto it = args->MemberBegin(); it != args->MemberEnd(); ++it) {
    formatted.emplace_back(std::string_view(it->name.GetString(), it->name.GetStringLength()),
                           markup_.MessageArg(StringOf(it->value)));
  }
  return T(Concat("msg.", code), formatted);
}

std::string PageWriter::SayAt(const rapidjson::Value& list, rapidjson::SizeType i,
                              std::string_view path) {
  return Say(MemberOf(list[i], "message"), Indexed(path, i, "message"));
}

std::string PageWriter::Join(const std::vector<std::string>& items) {
  return absl::StrJoin(items, T("report.list_separator"));
}

void PageWriter::Lacks(std::string_view member) {
  if (!status_.ok()) return;
  status_ = absl::FailedPreconditionError(
      Concat("the report model lacks ", member,
             "; it was built by an older zoo-host: render the archive with this one"));
}

std::string PageWriter::AdapterColumn(std::string_view adapter) {
  if (adapter == subject_) return T("term.subject_column", {{"name", Quote(adapter)}});
  return Quote(adapter);
}

std::string PageWriter::Role(std::string_view adapter) {
  return T(adapter == subject_ ? "term.subject" : "term.baseline");
}

std::vector<std::string> PageWriter::Baselines() const {
  std::vector<std::string> out;
  for (const std::string& a : model_.MeasuredAdapters()) {
    if (a != subject_) out.push_back(a);
  }
  return out;
}

std::vector<std::string> PageWriter::Quoted(const std::vector<std::string>& texts) const {
  return MapEach(texts, [this](const std::string& text) { return Quote(text); });
}

std::string PageWriter::CellRef(uint32_t concurrency, uint32_t tier_us) {
  return T("cell_ref", {{"concurrency", std::to_string(concurrency)}, {"tier", TierText(tier_us)}});
}

std::string PageWriter::Cores() const {
  return std::to_string(UintOf(*MemberOf(root(), "environment"), "logical_cores"));
}

std::string PageWriter::ArchivePath() const { return Code(StringOf(root(), "archive_path")); }

bool AnyHas(const rapidjson::Value& array, const char* member) {
  for (const rapidjson::Value& v : array.GetArray()) {
    if (v.IsObject() && v.HasMember(member)) return true;
  }
  return false;
}

std::string Indexed(std::string_view array, size_t i, std::string_view member) {
  return Concat(array, "[", std::to_string(i), "].", member);
}

std::string PageWriter::Uints(const rapidjson::Value& values) {
  return Join(MapEach(UintsOf(values), [](uint32_t v) { return std::to_string(v); }));
}

std::vector<PageColumn> PageWriter::Columns(std::initializer_list<std::string_view> keys) {
  std::vector<PageColumn> columns;
  for (std::string_view key : keys) {
    if (key.empty()) continue;
    const bool numeric = !key.empty() && key.back() == '#';
    if (numeric) key.remove_suffix(1);
    columns.push_back({T(key), numeric});
  }
  return columns;
}

void PageWriter::Section(std::string title_key, std::string kind, std::string title) {
  PageSection s;
  s.title = title.empty() ? T(title_key) : std::move(title);
  s.title_key = std::move(title_key);
  s.kind = std::move(kind);
  page_.sections.push_back(std::move(s));
}

void PageWriter::Push(PageBlock block) { section().blocks.push_back(std::move(block)); }

void PageWriter::Heading(std::string text, int level, std::string kind_name, std::string data) {
  Push({.kind = PageBlock::Kind::kHeading, .text = std::move(text), .level = level,
        .kind_name = std::move(kind_name), .data = std::move(data)});
}

void PageWriter::Add(std::string text, BlockStyle style) {
  if (text.empty()) return;
  Push({.kind = PageBlock::Kind::kText, .style = style, .text = std::move(text)});
}

void PageWriter::AddText(std::string_view key, const MessageArgs& args) { Add(T(key, args)); }
void PageWriter::AddNote(std::string_view key, const MessageArgs& args) {
  Add(T(key, args), BlockStyle::kNote);
}
void PageWriter::AddLead(std::string_view key, const MessageArgs& args) {
  Add(T(key, args), BlockStyle::kLead);
}
void PageWriter::AddHeading(std::string_view key, const MessageArgs& args) {
  Heading(T(key, args));
}
void PageWriter::AddStrong(std::string_view key, const MessageArgs& args, BlockStyle style) {
  Add(Strong(T(key, args)), style);
}
void PageWriter::AbsoluteNote() { Add(T("table.absolute"), BlockStyle::kAbsolute); }

void PageWriter::HarnessFloorNote() {
  const double floor = NumberOf(root(), "harness_floor_ns");
  if (floor > 0) AddNote("harness_floor.beside", {{"floor", Text(Duration(floor))}});
}

void PageWriter::Bullets(std::vector<std::string> items, BlockStyle style) {
  std::erase(items, std::string());  // as Add leaves out an empty text
  if (items.empty()) return;
  Push({.kind = PageBlock::Kind::kList, .style = style, .items = std::move(items)});
}

void PageWriter::Table(std::vector<PageColumn> columns, Rows rows) {
  Push({.kind = PageBlock::Kind::kTable, .columns = std::move(columns), .rows = std::move(rows)});
}

void PageWriter::Table(std::initializer_list<std::string_view> keys, Rows rows) {
  Table(Columns(keys), std::move(rows));
}

void PageWriter::CodeBlock(std::string info, std::string code) {
  Push({.kind = PageBlock::Kind::kCode, .text = std::move(code), .info = std::move(info)});
}

void PageWriter::AddFigure(const Figure& figure, std::string caption) {
  Push({.kind = PageBlock::Kind::kFigure, .text = std::move(caption), .figure = &figure});
}

void PageWriter::FigureSlide(std::string_view file_name, std::string_view prefix,
                             std::string kind) {
  const Figure* figure = FigureNamed(file_name);
  if (!deck() || figure == nullptr) return;
  Heading(T(Concat(prefix, ".title")), 3, std::move(kind));
  AddFigure(*figure, T(Concat(prefix, ".caption")));
}

absl::StatusOr<ReportPage> PageWriter::Take() {
  if (!status_.ok()) return status_;
  return std::move(page_);
}

namespace {

// The sections of kReportSections: the deck's data-kind of each, the note that opens it in
// both forms ("" for none, or one the section writes itself), what writes the rest, and past
// how many slides the deck points to report.md instead (0: none).
struct SectionShape {
  std::string_view title_key, kind, intro_key;
  void (*write)(PageWriter&);
  size_t deck_slides = 0;
};
constexpr SectionShape kSections[] = {
    {"section.environment.title", "environment", "env.intro", WriteEnvironment},
    {"section.workload.title", "workload", "", WriteWorkload},
    {"section.method.title", "method", "", WriteMethod},
    {"section.conclusions.title", "conclusion", "", WriteConclusions},
    {"section.latency.title", "latency", "", WriteLatency},
    {"section.overhead.title", "overhead", "", WriteOverhead},
    {"section.throughput.title", "throughput", "", WriteThroughput},
    {"section.attribution.title", "attribution", "", WriteAttribution},
    {"section.semantics.title", "semantics", "", WriteSemantics},
    {"section.cost.title", "cost", "", WriteCost},
    {"section.scenarios.title", "scenarios", "", WriteScenarios},
    {"section.layers.title", "layers", "", WriteLayers},
    {"section.faster.title", "faster", "faster.intro", WriteFaster},
    {"section.unfavourable.title", "unfavourable", "unfavourable.intro", WriteUnfavourable},
    {"section.no_winner.title", "no-winner", "no_winner.intro", WriteNoWinner},
    // Every adapter's notes in full: long.
    {"section.caliber.title", "caliber", "caliber.intro", WriteCaliber, 8},
    {"section.byob.title", "byob", "byob.intro", WriteByob},
    {"section.self_check.title", "self-check", "self_check.intro", WriteSelfCheck},
    {"section.appendix.title", "appendix", "", WriteAppendix},
};

}  // namespace

absl::StatusOr<ReportPage> BuildReportPage(const ModelDocument& model,
                                           const std::vector<Figure>& figures,
                                           const PageMarkup& markup, PageForm form) {
  PageWriter page(model, figures, markup, form);
  WriteFront(page);
  WriteNoise(page);
  WritePick(page);
  for (const SectionShape& s : kSections) {
    page.Section(std::string(s.title_key), std::string(s.kind));
    page.section().deck_slide_limit = s.deck_slides;
    if (!s.intro_key.empty()) page.AddNote(s.intro_key);
    s.write(page);
  }
  return page.Take();
}

}  // namespace zoo::report
