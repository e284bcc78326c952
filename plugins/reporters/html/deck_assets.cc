#include "plugins/reporters/html/deck_assets.h"

namespace zoo::report::html {

// Slides are laid out at their full 1920x1080 and scaled as a whole (--scale, set by the
// script), so the layout — and what fits on a slide — never depends on the window.
// Nothing inside a slide clips its overflow: content that does not fit makes the slide's
// scrollHeight exceed its height, which the browser test catches.
const std::string_view kDeckCss = R"css(
:root { --scale: 1; }
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; overflow: hidden; background: #20232a; }
body {
  font-family: "Noto Sans", "DejaVu Sans", "Liberation Sans", "Noto Sans CJK SC",
    "Source Han Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif;
  color: #1b1f24;
}
/* A Chinese deck names a CJK face first: its punctuation and the Latin letters inside Chinese
   sentences then take one design, and no Chinese glyph falls to a box. */
:lang(zh) body {
  font-family: "Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei",
    "Noto Sans", "DejaVu Sans", sans-serif;
}
#stage {
  position: absolute; left: 50%; top: 50%; width: 1920px; height: 1080px;
  transform: translate(-50%, -50%) scale(var(--scale)); transform-origin: center center;
}
.slide {
  position: absolute; left: 0; top: 0; width: 1920px; height: 1080px;
  display: none; flex-direction: column; overflow: hidden;
  padding: 60px 96px 36px; background: #ffffff;
}
.slide.active { display: flex; }
/* Before the script runs (or without it), the first slide shows. */
#stage:not(.live) > .slide:first-child { display: flex; }
.slide > header { flex: none; }
.section-label { margin: 0 0 6px; font-size: 26px; line-height: 1.3; color: #5b6470; }
.slide-title { margin: 0 0 24px; font-size: 52px; line-height: 1.15; font-weight: 700; }
.slide > main {
  flex: 1 1 auto; min-height: 0; display: flex; flex-direction: column;
  font-size: 30px; line-height: 1.4; overflow-wrap: anywhere;
}
.slide > footer {
  flex: none; display: flex; justify-content: space-between; gap: 32px;
  margin-top: 12px; padding-top: 10px; border-top: 2px solid #e3e6ea;
  font-size: 20px; line-height: 1.3; color: #5b6470;
}
p { margin: 0 0 12px; }
ul { margin: 0; padding-left: 1.2em; }
li { margin: 0 0 10px; }
.lead { font-size: 34px; }
.note { font-size: 24px; line-height: 1.4; color: #4a525c; }
.absolute { border-left: 6px solid #c9a227; padding-left: 16px; }
.ratio { border-left: 6px solid #2f6fba; padding-left: 16px; }
.pass { color: #1a7f37; font-weight: 700; }
.fail { color: #cf222e; font-weight: 700; }
.mono {
  font-family: "DejaVu Sans Mono", "Liberation Mono", "Noto Sans Mono CJK SC", monospace;
  font-size: 0.85em;
}
table { width: 100%; table-layout: fixed; border-collapse: collapse; font-size: 24px; line-height: 1.35; margin: 0 0 16px; }
th, td {
  padding: 6px 12px; border-bottom: 1px solid #e3e6ea; text-align: left; vertical-align: top;
}
th { background: #f3f5f7; font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.chart { flex: 1 1 auto; min-height: 0; margin: 0; }
.chart svg { display: block; width: 100%; height: 100%; }
.caption { flex: none; margin: 10px 0 0; font-size: 22px; line-height: 1.35; color: #4a525c; }
.slide[data-kind="title"] > main { justify-content: center; }
.title-name { margin: 0; font-size: 104px; line-height: 1.1; font-weight: 700; }
.title-sub { margin: 0 0 36px; font-size: 44px; color: #5b6470; }
.title-status { margin: 0 0 28px; font-size: 34px; }
.env { font-size: 24px; line-height: 1.45; color: #3a414a; }
.env dt { float: left; clear: left; width: 330px; color: #5b6470; }
.env dd { margin: 0 0 4px 350px; }
.big { margin: 0 0 12px; font-size: 150px; line-height: 1.1; font-weight: 700; color: #2f6fba; }
.group { margin: 0 0 14px; }
.group-head { font-weight: 700; }
.contents { columns: 2; column-gap: 64px; font-size: 28px; }
.contents li { break-inside: avoid; }
a { color: #2f6fba; text-decoration: none; }
#slide-list {
  display: none; position: fixed; inset: 0; z-index: 10; overflow: auto;
  padding: 28px 48px; background: rgba(20, 22, 26, 0.95); color: #e8ebef; font-size: 17px;
}
body.list-open #slide-list { display: block; }
#slide-list ol { columns: 3; column-gap: 40px; margin: 12px 0 0; }
#slide-list li { break-inside: avoid; margin: 0 0 4px; }
#slide-list a { color: #cfe3ff; }
#hint { position: fixed; right: 12px; bottom: 8px; font-size: 13px; color: #9aa3ad; }
@page { size: 1920px 1080px; margin: 0; }
@media print {
  html, body { height: auto; overflow: visible; background: #ffffff; }
  #stage { position: static; transform: none; width: auto; height: auto; }
  .slide { display: flex; position: relative; break-after: page; }
  #slide-list, #hint { display: none; }
}
)css";

// ES5 so that any browser runs it; no network, no storage, no timers.
const std::string_view kDeckScript = R"js(
(function () {
  'use strict';
  var slides = Array.prototype.slice.call(document.querySelectorAll('section.slide'));
  var current = -1;
  function fit() {
    var s = Math.min(window.innerWidth / 1920, window.innerHeight / 1080);
    document.documentElement.style.setProperty('--scale', String(s > 0 ? s : 1));
  }
  function indexFromHash() {
    var m = /^#slide-(\d+)$/.exec(window.location.hash);
    return m ? Number(m[1]) : 0;
  }
  function show(i) {
    if (slides.length === 0) return;
    if (i < 0) i = 0;
    if (i > slides.length - 1) i = slides.length - 1;
    if (current >= 0 && current !== i) slides[current].classList.remove('active');
    slides[i].classList.add('active');
    current = i;
    document.body.dataset.current = String(i);
    var hash = '#slide-' + i;
    if (window.location.hash !== hash) {
      // replaceState: stepping through a deck should not fill the history.
      try { history.replaceState(null, '', hash); } catch (e) { window.location.hash = hash; }
    }
  }
  function setList(open) { document.body.classList.toggle('list-open', open); }
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var k = e.key;
    if (k === 'ArrowRight' || k === 'PageDown' || k === ' ' || k === 'Spacebar') {
      show(current + 1);
    } else if (k === 'ArrowLeft' || k === 'PageUp') {
      show(current - 1);
    } else if (k === 'r' || k === 'R' || k === 'Home') {
      show(0);
    } else if (k === 'End') {
      show(slides.length - 1);
    } else if (k === 'l' || k === 'L') {
      setList(!document.body.classList.contains('list-open'));
    } else if (k === 'Escape') {
      setList(false);
    } else {
      return;
    }
    e.preventDefault();
  });
  document.addEventListener('click', function (e) {
    var t = e.target;
    if (t && t.closest && t.closest('#slide-list a')) setList(false);
  });
  window.addEventListener('hashchange', function () { show(indexFromHash()); });
  window.addEventListener('resize', fit);
  fit();
  show(indexFromHash());
  document.getElementById('stage').classList.add('live');
})();
)js";

}  // namespace zoo::report::html
