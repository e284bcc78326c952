// What every section of the report page writes with: the model, the format's markup, the
// form, and the page under construction. Sections never build prose themselves: every
// sentence is a catalog template, every string from a plugin or the archive goes through
// Quote(). A section that finds the model lacking records the failure and writes what it can;
// the build then fails with that sentence.
#pragma once

#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "plugins/reporters/common/report_page.h"

namespace zoo::report {

using Row = std::vector<std::string>;
using Rows = std::vector<Row>;

// `f(item)` for each item of `items` (a model array's GetArray(), or a vector), in order: the
// rows of a table, the lines of a list.
template <typename Items, typename F>
auto MapEach(const Items& items, F f) {
  std::vector<std::decay_t<decltype(f(*std::begin(items)))>> out;
  for (const auto& item : items) out.push_back(f(item));
  return out;
}

// Whether any record of a model array has `member`: a column an older archive does not fill.
bool AnyHas(const rapidjson::Value& array, const char* member);

// "units[3].message": where a member of a model array's record is, for Lacks and Say.
std::string Indexed(std::string_view array, size_t i, std::string_view member);

class PageWriter {
 public:
  PageWriter(const ModelDocument& model, const std::vector<Figure>& figures,
             const PageMarkup& markup, PageForm form);

  const ModelDocument& model() const { return model_; }
  const rapidjson::Value& root() const { return model_.root(); }
  std::string_view subject() const { return subject_; }
  bool deck() const { return form_ == PageForm::kDeck; }
  const Figure* FigureNamed(std::string_view file_name) const;
  const std::vector<Figure>& figures() const { return figures_; }

  // The sentence `key` with `args` in this markup; "" after recording the failure.
  std::string T(std::string_view key, const MessageArgs& args = {});
  bool Has(std::string_view key) const { return markup_.Has(key); }
  // T(key) when the catalog has it, else `fallback` (a code from a newer zoo-host).
  std::string TOr(std::string_view key, std::string fallback, const MessageArgs& args = {});
  // The catalog's name T(prefix + code) of a model code, or the code quoted when this catalog
  // does not know it (a newer zoo-host's).
  std::string Named(std::string_view prefix, std::string_view code);
  // T(prefix + code), or T(prefix + "other") with the code quoted as `arg` when the catalog
  // does not know the code.
  std::string NamedOr(std::string_view prefix, std::string_view code, std::string_view arg);
  std::string Text(std::string_view plain) const { return markup_.Text(plain); }
  std::string Quote(std::string_view text) const { return markup_.Quote(text); }
  std::string Code(std::string_view text) const { return markup_.Code(text); }
  std::string Strong(std::string_view text) const { return markup_.Strong(text); }
  // The core's number formats (text_format.h), escaped.
  std::string Dur(double ns) const;
  std::string Pct(double fraction, int digits = 1) const;
  std::string Times(double multiple) const;
  std::string TierText(uint32_t tier_us) const;
  // A model member as text: a string quoted, a whole number as digits, a number in one of the
  // formats above (or Count's).
  std::string QuoteOf(const rapidjson::Value& v, const char* key) const {
    return Quote(StringOf(v, key));
  }
  std::string NumberText(const rapidjson::Value& v, const char* key) const {
    return std::to_string(UintOf(v, key));
  }
  std::string DurOf(const rapidjson::Value& v, const char* key) const {
    return Dur(NumberOf(v, key));
  }
  std::string PctOf(const rapidjson::Value& v, const char* key, int digits = 1) const {
    return Pct(NumberOf(v, key), digits);
  }
  std::string TimesOf(const rapidjson::Value& v, const char* key) const {
    return Times(NumberOf(v, key));
  }
  std::string CountOf(const rapidjson::Value& v, const char* key) const;
  std::string RecordOf(const rapidjson::Value& v, const char* key) const {
    return Record(StringOf(v, key));
  }
  // A model record's "adapter" as AdapterColumn, its "tier_us" as a tier.
  std::string AdapterOf(const rapidjson::Value& record) {
    return AdapterColumn(StringOf(record, "adapter"));
  }
  std::string TierOf(const rapidjson::Value& record) const {
    return TierText(UintOf(record, "tier_us"));
  }
  // What plugin `adapter` says under the zoo.text/1 key `key` ("caliber_notes",
  // "semantics.priority.description"): in the page's language when its table gives it, else
  // `english` (the ABI field) marked as English. An English page quotes `english`, as always.
  std::string PluginText(std::string_view adapter, std::string_view key,
                         std::string_view english) const;
  // The model's adapters whose zoo.text/1 tables give nothing in the page's language (none on
  // an English page): their texts are printed in English.
  std::vector<std::string> EnglishOnlyAdapters() const;
  // An identifier of a family the catalog names ("kind", "layer", "unit"): "kind.stdlib" from
  // the catalog, or the identifier as code when the catalog does not know it. An English page
  // quotes it, as always.
  std::string Term(std::string_view family, std::string_view id);
  // An English sentence the host wrote into the archive (a failure, a counter's errno): quoted
  // on an English page; on any other marked as English, as a plugin's English is, a record
  // beside the catalog's sentence that says the same in the page's language.
  std::string Record(std::string_view text) const;
  // The p of a cell's or a price's process-level test ("test"), or an older model's "p_value".
  std::string PValueOf(const rapidjson::Value& v) const;
  // A model message {"code", "args"} as "msg." + code; `where` names it when it is missing.
  std::string Say(const rapidjson::Value* message, std::string_view where);
  // The message of record `i` of the model array `list`, found at `path` ("noise.warnings").
  std::string SayAt(const rapidjson::Value& list, rapidjson::SizeType i, std::string_view path);
  std::string Join(const std::vector<std::string>& items);  // the language's list separator
  void Lacks(std::string_view member);
  const absl::Status& status() const { return status_; }

  // Facts several sections print the same way.
  std::string AdapterColumn(std::string_view adapter);          // marked when it is the subject
  std::string Role(std::string_view adapter);                   // "subject" or "baseline"
  std::vector<std::string> Baselines() const;  // the measured adapters but the subject
  std::vector<std::string> Quoted(const std::vector<std::string>& texts) const;
  std::string CellRef(uint32_t concurrency, uint32_t tier_us);  // "concurrency 1 · 40 µs"
  std::string Cores() const;
  std::string ArchivePath() const;  // the archive's path as code: where the raw data is
  std::string Uints(const rapidjson::Value& values);  // [1, 4, 16] joined
  // Columns headed by catalog keys; a key ending in '#' heads a column of figures, and an empty
  // key heads none (a column only some models fill).
  std::vector<PageColumn> Columns(std::initializer_list<std::string_view> keys);

  // The page under construction.
  PageFront& front() { return page_.front; }
  void Section(std::string title_key, std::string kind, std::string title = {});
  PageSection& section() { return page_.sections.back(); }
  void Heading(std::string text, int level = 3, std::string kind_name = {}, std::string data = {});
  void Add(std::string text, BlockStyle style = BlockStyle::kParagraph);
  // Add(T(key, args), style) and Heading(T(key, args)): a catalog sentence as a block.
  void AddText(std::string_view key, const MessageArgs& args = {});
  void AddNote(std::string_view key, const MessageArgs& args = {});
  void AddLead(std::string_view key, const MessageArgs& args = {});
  void AddHeading(std::string_view key, const MessageArgs& args = {});
  // The catalog sentence `key` in bold, as a block of `style`.
  void AddStrong(std::string_view key, const MessageArgs& args = {},
                 BlockStyle style = BlockStyle::kParagraph);
  void Bullets(std::vector<std::string> items, BlockStyle style = BlockStyle::kBullet);
  void NoteItems(std::vector<std::string> items) {  // Bullets of small print
    Bullets(std::move(items), BlockStyle::kNoteItem);
  }
  void Table(std::vector<PageColumn> columns, Rows rows);
  void Table(std::initializer_list<std::string_view> keys, Rows rows);
  // The note above a table of absolute times (valid within this run only).
  void AbsoluteNote();
  // Beside sub-microsecond figures: the run's harness floor (the model's harness_floor_ns),
  // against which a difference under twice it is the harness's own; nothing without one.
  void HarnessFloorNote();
  void CodeBlock(std::string info, std::string code);
  void AddFigure(const Figure& figure, std::string caption);
  // The deck's slide of the figure `file_name`, of data-kind `kind`, titled and captioned by
  // `prefix` + ".title" and ".caption"; nothing in the report, or where figures.cc drew none.
  void FigureSlide(std::string_view file_name, std::string_view prefix, std::string kind);
  absl::StatusOr<ReportPage> Take();

 private:
  void Push(PageBlock block);

  const ModelDocument& model_;
  const std::vector<Figure>& figures_;
  const PageMarkup& markup_;
  PageForm form_;
  std::string subject_;
  absl::Status status_;
  ReportPage page_;
};

// The sections, each writing itself onto the page (page_*.cc); BuildReportPage opens those of
// kReportSections first (its kSections).
void WriteFront(PageWriter& page);
void WriteNoise(PageWriter& page);
void WritePick(PageWriter& page);
void WriteEnvironment(PageWriter& page);
void WriteWorkload(PageWriter& page);
void WriteMethod(PageWriter& page);
void WriteConclusions(PageWriter& page);
void WriteLatency(PageWriter& page);
void WriteOverhead(PageWriter& page);
void WriteThroughput(PageWriter& page);
void WriteAttribution(PageWriter& page);
void WriteSemantics(PageWriter& page);
void WriteNativeLine(PageWriter& page);  // within WriteSemantics' section
void WriteCost(PageWriter& page);
void WriteScenarios(PageWriter& page);
void WriteLayers(PageWriter& page);  // page_layers.cc
void WriteFaster(PageWriter& page);
void WriteUnfavourable(PageWriter& page);
void WriteNoWinner(PageWriter& page);
void WriteCaliber(PageWriter& page);
void WriteByob(PageWriter& page);
void WriteSelfCheck(PageWriter& page);
void WriteAppendix(PageWriter& page);

}  // namespace zoo::report
