#!/usr/bin/env bash
# Sets up a Debian 12 machine to build zoo-host, then configures and builds it in build/.
# Installs the Debian packages it needs (as root, or through sudo) only when one is missing.
# Warnings are errors, here as in CI: on the one toolchain this script sets up the tree builds
# clean, and the same flags let ccache (which Meson uses when it is installed) serve this build
# and CI's clone in another folder from one cache.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  meson ninja-build g++ pkg-config ccache
  libboost-dev libboost-program-options-dev
  libabsl-dev rapidjson-dev libssl-dev
  # elfutils: how each plugin file was built (its debug producers, its needed libraries)
  libdw-dev
  libgtest-dev libgmock-dev
  # run --instrument callgrind, and valgrind/callgrind.h for the worker's client requests
  valgrind
  # the ecosystem baselines (each optional: the build leaves out what is missing)
  libtbb-dev libuv1-dev libboost-fiber-dev libboost-context-dev
  # the browser test of the HTML deck: headless Chromium driven over WebDriver; the CJK faces
  # the deck names, so that a Chinese deck (and its PDF) is drawn with real glyphs
  python3 chromium chromium-driver fonts-noto-cjk
  # report.pdf's test reads the printed deck's pages and text
  poppler-utils
  # the test that reads gbench.json with Google Benchmark's compare.py and its U test
  libbenchmark-tools python3-scipy
  # the peer check (bench/): Google Benchmark's own loop over the adapters' C ABI
  libbenchmark-dev
  # the test that reads report.md as a safe Markdown renderer and pandoc's gfm reader do
  cmark-gfm pandoc
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [[ ! -f build/build.ninja ]]; then
  meson setup build -Dwerror=true
fi
meson compile -C build
