#include "plugins/reporters/markdown/page_markdown.h"

namespace zoo::report::markdown {
namespace {

void PrintBlock(const PageBlock& b, MarkdownWriter& out) {
  switch (b.kind) {
    case PageBlock::Kind::kText:
      return out.Paragraph(b.text);
    case PageBlock::Kind::kHeading:
      return out.Heading(b.level, b.text);
    case PageBlock::Kind::kList:
      return out.Bullets(b.items);
    case PageBlock::Kind::kTable: {
      std::vector<std::string> header;
      for (const PageColumn& c : b.columns) header.push_back(c.header);
      return out.Table(header, b.rows);
    }
    case PageBlock::Kind::kCode:
      return out.CodeBlock(b.info, b.text);
    case PageBlock::Kind::kFigure:
      // The file name is ours (figures.cc), the title is catalog text: both still escaped,
      // as the alt text of an image is Markdown too.
      out.Paragraph(
          Concat("![", MarkdownEscape(b.figure->title), "](figures/", b.figure->file_name, ")"));
      return out.Paragraph(b.text);
  }
}

}  // namespace

std::string PrintMarkdown(const ReportPage& page, const std::string& contents_title) {
  const PageFront& front = page.front;
  MarkdownWriter out;
  out.Heading(1, front.title);
  out.Paragraph(front.lead);
  // The self-check status belongs on the first page, before anything the reader might stop at.
  out.Paragraph(Concat("**", front.self_check, "**"));
  for (const std::string& line : {front.raw_data, front.run_line, front.run_status, front.quick}) {
    out.Paragraph(line);
  }
  std::vector<std::string> links;
  for (const PageSection& s : page.sections) {
    if (s.title_key.empty()) {  // noise warnings, what to pick: the first page, before contents
      for (const PageBlock& b : s.blocks) PrintBlock(b, out);
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
    for (const PageBlock& b : s.blocks) PrintBlock(b, out);
  }
  return out.text();
}

}  // namespace zoo::report::markdown
