#include "plugins/reporters/markdown/page_markdown.h"

#include "plugins/reporters/common/concat.h"
#include "plugins/reporters/common/text_format.h"
#include "plugins/reporters/markdown/markdown_writer.h"

namespace zoo::report::markdown {
namespace {

void PrintBlocks(const std::vector<PageBlock>& blocks, MarkdownWriter& out) {
  std::vector<std::string> bullets;
  for (const PageBlock& b : blocks) {
    if (b.kind == PageBlock::Kind::kText &&
        (b.style == BlockStyle::kBullet || b.style == BlockStyle::kNoteItem)) {
      bullets.push_back(b.text);
      continue;
    }
    out.Bullets(bullets);
    bullets.clear();
    switch (b.kind) {
      case PageBlock::Kind::kText:
        out.Paragraph(b.text);
        break;
      case PageBlock::Kind::kHeading:
        out.Heading(b.level, b.text);
        break;
      case PageBlock::Kind::kTable: {
        std::vector<std::string> header;
        for (const PageColumn& c : b.columns) header.push_back(c.header);
        out.Table(header, b.rows);
        break;
      }
      case PageBlock::Kind::kCode:
        out.CodeBlock(b.info, b.text);
        break;
      case PageBlock::Kind::kFigure:
        // The file name is ours (figures.cc), the title is catalog text: both still escaped,
        // as the alt text of an image is Markdown too.
        out.Paragraph(
            Concat("![", MarkdownEscape(b.figure->title), "](figures/", b.figure->file_name, ")"));
        out.Paragraph(b.text);
        break;
    }
  }
  out.Bullets(bullets);
}

}  // namespace

std::string MarkdownMarkup::Text(std::string_view plain) const { return MarkdownEscape(plain); }

// Escaped only: a <span lang="en"> would be raw HTML, which a safe renderer drops. A message's
// argument is quoted so too (PageMarkup::MessageArg): Markdown quotes a name no other way.
std::string MarkdownMarkup::Quote(std::string_view text) const { return MarkdownEscape(text); }

std::string MarkdownMarkup::Code(std::string_view text) const { return CodeSpan(text); }

// Markdown has no lang attribute without raw HTML: the catalog's brackets mark the English.
std::string MarkdownMarkup::Foreign(std::string_view text) const {
  return messages_.Format("md.english", {{"text", MarkdownEscape(text)}})
      .value_or(MarkdownEscape(text));
}

std::string MarkdownMarkup::Strong(std::string_view markdown) const {
  return Concat("**", markdown, "**");
}

std::string PrintMarkdown(const ReportPage& page, const std::string& contents_title) {
  const PageFront& front = page.front;
  MarkdownWriter out;
  out.Heading(1, front.title);
  out.Paragraph(front.lead);
  // The self-check status belongs on the first page, before anything the reader might stop at.
  out.Paragraph(Concat("**", front.self_check, "**"));
  for (const std::string* line :
       {&front.raw_data, &front.run_line, &front.run_status, &front.quick}) {
    out.Paragraph(*line);
  }
  std::vector<std::string> links;
  for (const PageSection& s : page.sections) {
    if (s.title_key.empty()) {
      PrintBlocks(s.blocks, out);  // the noise warnings: on the first page, before the contents
    } else {
      // The id GitHub and pandoc derive from the title: the link needs no HTML anchor.
      links.push_back(Concat("[", s.title, "](#", HeadingId(s.title), ")"));
    }
  }
  out.Paragraph(Concat("**", contents_title, "**"));
  out.Bullets(links);
  out.Paragraph(front.appendix_pointer);
  for (const PageSection& s : page.sections) {
    if (s.title_key.empty()) continue;
    out.Heading(2, s.title);
    PrintBlocks(s.blocks, out);
  }
  return out.text();
}

}  // namespace zoo::report::markdown
