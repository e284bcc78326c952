#!/usr/bin/env python3
"""deck_browser_test.py REPORT.html [REPORT.html ...]

Opens each rendered deck in headless Chromium through chromedriver (W3C WebDriver over plain
HTTP, Python standard library only) and drives it like a presenter: steps through every slide
with ArrowRight, checking after each key press that the deck moved on, that the new slide is
the one shown, has a size, keeps its 1920x1080 and holds all of its content (nothing
overflows the slide or a table cell), that location.hash and body.dataset.current follow;
that an unfavourable-data slide exists, "what to pick" is within the first five slides and
the main line before the appendix at most 30; that R restarts at slide 0 and ArrowLeft there stays;
and that the page logged no JavaScript error. In a Chinese deck (lang="zh") the Chinese text of
the title slide must be drawn with one of the CJK faces the deck's CSS names (as Chromium
reports through DevTools' CSS.getPlatformFontsForNode), each ideograph one em wide, as in
every CJK face: a machine without such a font (no fonts-noto-cjk) draws boxes, and the test
fails saying what to install. (document.fonts.check cannot tell: Chromium answers true for any
family that no @font-face declares, even one that does not exist.)

Exit status 0 when every deck passes, 1 with one line per failure otherwise. Chromium and
chromedriver are required: without them the test fails, saying what to install.
"""

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")

# WebDriver key codes (W3C WebDriver, "Keyboard actions").
ARROW_LEFT = "\ue012"
ARROW_RIGHT = "\ue014"
SPACE = "\ue00d"

# Everything the test needs to know about the deck's state, in one round trip.
STATE_SCRIPT = r"""
const slides = Array.from(document.querySelectorAll('section.slide'));
const active = slides.filter(s => getComputedStyle(s).display !== 'none');
const s = active.length === 1 ? active[0] : null;
const out = {
  count: slides.length,
  activeCount: active.length,
  current: document.body.dataset.current,
  hash: location.hash,
  kinds: slides.map(x => x.dataset.kind),
  errors: (window.__deckErrors || []).slice(),
};
if (s) {
  const r = s.getBoundingClientRect();
  out.index = slides.indexOf(s);
  out.id = s.id;
  out.kind = s.dataset.kind;
  out.rect = [r.left, r.top, r.width, r.height];
  out.viewport = [window.innerWidth, window.innerHeight];
  out.size = [s.offsetWidth, s.offsetHeight];
  out.scroll = [s.scrollWidth, s.scrollHeight, s.clientWidth, s.clientHeight];
  out.visibility = getComputedStyle(s).visibility;
  // Sideways only: a glyph taller than its line box adds vertical overflow to any block,
  // and a too-tall slide is caught by the slide's own scrollHeight above.
  out.overflowing = Array.from(s.querySelectorAll('h2, p, li, td, th, dd, dt, figure'))
    .filter(e => e.scrollWidth > e.clientWidth + 1)
    .slice(0, 5)
    .map(e => e.tagName.toLowerCase() + ': ' + (e.textContent || '').trim().slice(0, 60));
}
return out;
"""

INSTALL_ERRORS_SCRIPT = r"""
window.__deckErrors = window.__deckErrors || [];
window.addEventListener('error', e => window.__deckErrors.push(String(e.message)));
window.addEventListener('unhandledrejection', e => window.__deckErrors.push(String(e.reason)));
return true;
"""


# The CJK faces the deck's CSS names (deck_assets.cc), as Chromium reports their families.
CJK_FACES = ("Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei")

# Marks every element of the shown slide whose own text holds CJK ideographs
# (data-cjk-probe), and measures each ideograph in the element's font: one em in a CJK face.
CJK_PROBE_SCRIPT = r"""
const cjk = /[\u3400-\u9fff]/g;
const s = Array.from(document.querySelectorAll('section.slide'))
  .find(x => getComputedStyle(x).display !== 'none');
const ctx = document.createElement('canvas').getContext('2d');
const out = [];
for (const e of s ? s.querySelectorAll('*') : []) {
  const own = Array.from(e.childNodes).filter(n => n.nodeType === 3)
    .map(n => n.textContent).join('');
  const ideographs = own.match(cjk) || [];
  if (ideographs.length === 0) continue;
  const cs = getComputedStyle(e);
  ctx.font = '100px ' + cs.fontFamily;
  const widths = ideographs.map(c => ctx.measureText(c).width);
  e.dataset.cjkProbe = String(out.length);
  out.push({text: own.trim().slice(0, 40), ideographs: ideographs.length,
            minWidth: Math.min(...widths), maxWidth: Math.max(...widths)});
}
return out;
"""


class Failure(Exception):
    pass


class WebDriver:
    """The few W3C WebDriver commands the test needs, over urllib."""

    def __init__(self, port):
        self.base = f"http://127.0.0.1:{port}"
        self.session = None

    def call(self, method, path, body=None, timeout=60):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read() or b"{}").get("value")
        except urllib.error.HTTPError as e:
            detail = e.read().decode(errors="replace")
            raise Failure(f"WebDriver {method} {path} failed ({e.code}): {detail[:500]}") from e

    def start(self, profile_dir):
        capabilities = {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--disable-background-networking",
                         "--no-first-run", "--window-size=1920,1080",
                         f"--user-data-dir={profile_dir}"],
            },
            "goog:loggingPrefs": {"browser": "ALL"},
        }
        value = self.call("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}})
        self.session = value["sessionId"]

    def s(self, path):
        return f"/session/{self.session}{path}"

    def open(self, url):
        self.call("POST", self.s("/url"), {"url": url})

    def script(self, source):
        return self.call("POST", self.s("/execute/sync"), {"script": source, "args": []})

    def press(self, key):
        actions = [{"type": "key", "id": "keyboard",
                    "actions": [{"type": "keyDown", "value": key},
                                {"type": "keyUp", "value": key}]}]
        self.call("POST", self.s("/actions"), {"actions": actions})

    def cdp(self, command, params=None):
        """A Chrome DevTools Protocol command through chromedriver's goog/cdp/execute."""
        return self.call("POST", self.s("/goog/cdp/execute"),
                         {"cmd": command, "params": params or {}})

    def browser_log(self):
        # chromedriver keeps the legacy log endpoint beside W3C mode.
        try:
            return self.call("POST", self.s("/se/log"), {"type": "browser"}) or []
        except Failure:
            return self.call("POST", self.s("/log"), {"type": "browser"}) or []

    def stop(self):
        if self.session is not None:
            try:
                self.call("DELETE", self.s(""), timeout=30)
            except (Failure, OSError):
                pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(driver, process, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise Failure(f"chromedriver exited at start with status {process.returncode}")
        try:
            if driver.call("GET", "/status", timeout=2).get("ready"):
                return
        except (Failure, OSError):
            pass
        time.sleep(0.2)
    raise Failure("chromedriver did not become ready within 30 seconds")


def check_slide(state, expected, problems, where):
    if state["activeCount"] != 1:
        problems.append(f"{where}: {state['activeCount']} slides shown at once, expected 1")
        return
    if state["index"] != expected:
        problems.append(f"{where}: slide {state['index']} shown, expected slide {expected}")
    if state["current"] != str(expected):
        problems.append(f"{where}: body.dataset.current is {state['current']!r}, "
                        f"expected '{expected}'")
    if state["hash"] != f"#slide-{expected}":
        problems.append(f"{where}: location.hash is {state['hash']!r}, expected '#slide-{expected}'")
    if state["id"] != f"slide-{expected}":
        problems.append(f"{where}: the shown slide's id is {state['id']!r}")
    left, top, width, height = state["rect"]
    if width <= 0 or height <= 0 or state["visibility"] != "visible":
        problems.append(f"{where}: the slide is not visible (size {width}x{height}, "
                        f"visibility {state['visibility']})")
    vw, vh = state["viewport"]
    if left < -1 or top < -1 or left + width > vw + 1 or top + height > vh + 1:
        problems.append(f"{where}: the scaled slide {state['rect']} does not fit the "
                        f"{vw}x{vh} window")
    if state["size"] != [1920, 1080]:
        problems.append(f"{where}: the slide is {state['size']}, not 1920x1080")
    sw, sh, cw, ch = state["scroll"]
    if sh > ch or sw > cw:
        problems.append(f"{where} ({state['kind']}): content overflows the slide "
                        f"(scroll {sw}x{sh} in {cw}x{ch})")
    for item in state["overflowing"]:
        problems.append(f"{where} ({state['kind']}): an element overflows its box: {item}")


def check_cjk_fonts(driver, path):
    """The shown slide's Chinese text is drawn with a CJK face of the deck's CSS, not a box."""
    probes = driver.script(CJK_PROBE_SCRIPT)
    if not probes:
        return [f"{path}: a Chinese deck whose first slide has no Chinese text to check"]
    problems = []
    driver.cdp("DOM.enable")
    driver.cdp("CSS.enable")
    root = driver.cdp("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    nodes = driver.cdp("DOM.querySelectorAll",
                       {"nodeId": root, "selector": "[data-cjk-probe]"})["nodeIds"]
    for probe, node in zip(probes, nodes):
        fonts = driver.cdp("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        cjk_glyphs = sum(f["glyphCount"] for f in fonts if f["familyName"] in CJK_FACES)
        if cjk_glyphs < probe["ideographs"]:
            used = ", ".join(f"{f['familyName']} ({f['glyphCount']} glyphs)" for f in fonts)
            problems.append(
                f"{path}: {probe['text']!r} is drawn with {used or 'no font'}, not with one of "
                f"{', '.join(CJK_FACES)}: install fonts-noto-cjk")
        if not 95 <= probe["minWidth"] <= probe["maxWidth"] <= 105:
            problems.append(
                f"{path}: the ideographs of {probe['text']!r} are {probe['minWidth']:.0f} to "
                f"{probe['maxWidth']:.0f} px wide at 100 px, not one em: a fallback box")
    if len(nodes) != len(probes):
        problems.append(f"{path}: {len(probes)} elements with Chinese text, but DevTools found "
                        f"{len(nodes)}")
    if problems:
        # One machine without the font fails every element alike: the first few say it.
        return problems[:4] + ([f"{path}: and {len(problems) - 4} more font problems"]
                               if len(problems) > 4 else [])
    print(f"{path}: the Chinese text of {len(probes)} elements on the title slide is drawn "
          "with a CJK face")
    return problems


def check_deck(driver, path):
    problems = []
    driver.open(Path(path).resolve().as_uri())
    driver.script(INSTALL_ERRORS_SCRIPT)
    state = driver.script(STATE_SCRIPT)
    count = state["count"]
    if count < 2:
        return [f"{path}: only {count} slide(s) found"]
    if "unfavourable" not in state["kinds"]:
        problems.append(f"{path}: no slide has data-kind=\"unfavourable\"")
    # The main line reads in ten minutes: "what to pick" within the first five slides, and at
    # most 30 slides before the appendix's own contents slide.
    kinds = state["kinds"]
    if "pick" not in kinds[:5]:
        problems.append(f"{path}: no \"what to pick\" slide among the first five ({kinds[:5]})")
    if "appendix-index" not in kinds or kinds.index("appendix-index") > 30:
        problems.append(f"{path}: the main line before the appendix is longer than 30 slides")
    # Opened without a hash: slide 0 shows, and the script has put the hash in place.
    check_slide(state, 0, problems, f"{path} at load")
    if driver.script("return document.documentElement.lang").startswith("zh"):
        problems += check_cjk_fonts(driver, path)

    for expected in range(1, count):
        driver.press(ARROW_RIGHT)
        state = driver.script(STATE_SCRIPT)
        check_slide(state, expected, problems, f"{path} after ArrowRight to slide {expected}")
    driver.press(ARROW_RIGHT)  # past the end: stays on the last slide
    check_slide(driver.script(STATE_SCRIPT), count - 1, problems, f"{path} ArrowRight at the end")

    driver.press("r")
    check_slide(driver.script(STATE_SCRIPT), 0, problems, f"{path} after R")
    driver.press(ARROW_LEFT)
    check_slide(driver.script(STATE_SCRIPT), 0, problems, f"{path} after ArrowLeft at slide 0")
    driver.press(SPACE)
    check_slide(driver.script(STATE_SCRIPT), 1, problems, f"{path} after Space")
    driver.press(ARROW_LEFT)
    check_slide(driver.script(STATE_SCRIPT), 0, problems, f"{path} after ArrowLeft")

    errors = driver.script(STATE_SCRIPT)["errors"]
    for e in errors:
        problems.append(f"{path}: JavaScript error: {e}")
    for entry in driver.browser_log():
        if entry.get("level") == "SEVERE":
            problems.append(f"{path}: browser log: {entry.get('message', '')[:300]}")
    print(f"{path}: {count} slides stepped through")
    return problems


def main(argv):
    if len(argv) < 2:
        print("usage: deck_browser_test.py REPORT.html [REPORT.html ...]", file=sys.stderr)
        return 1
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not shutil.which(p)]
    if missing:
        print("FAIL: the deck browser test needs Chromium and chromedriver, and "
              f"{', '.join(missing)} is missing: install them with "
              "`apt-get install -y chromium chromium-driver`.", file=sys.stderr)
        return 1
    for path in argv[1:]:
        if not Path(path).is_file():
            print(f"FAIL: {path} does not exist (render the deck first)", file=sys.stderr)
            return 1

    problems = []
    with tempfile.TemporaryDirectory(prefix="deck-browser-") as scratch:
        port = free_port()
        log = open(Path(scratch) / "chromedriver.log", "w")
        process = subprocess.Popen([CHROMEDRIVER, f"--port={port}"], stdout=log,
                                   stderr=subprocess.STDOUT)
        driver = WebDriver(port)
        try:
            wait_ready(driver, process)
            driver.start(Path(scratch) / "profile")
            for path in argv[1:]:
                problems += check_deck(driver, path)
        except Failure as e:
            problems.append(str(e))
        finally:
            driver.stop()
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            log.close()

    if problems:
        for p in problems:
            print(f"FAIL: {p}")
        print(f"FAIL: {len(problems)} problem(s) in the deck(s)")
        return 1
    print("PASS: every slide advanced, was shown alone, kept 1920x1080 and held its content")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
