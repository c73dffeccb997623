#!/usr/bin/env bash
# Quick start 2: installs what is missing, builds core and its tests under ASan+UBSan and runs
# them, fuzzes the PBN and LIN readers for a minute each, runs the threading tests under TSan,
# then builds everything in Release and runs the whole ctest suite (slow tests included).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

# Qt wants a private runtime dir; tests run without a display.
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
chmod 700 "$XDG_RUNTIME_DIR"
export QT_QPA_PLATFORM=offscreen
jobs=$(nproc)

echo "== core under ASan+UBSan =="
cmake --preset asan >/dev/null
cmake --build --preset asan -j "$jobs"
ctest --preset asan -j "$jobs"

echo "== PBN and LIN readers under libFuzzer (60 s each) =="
scripts/fuzz.sh 60

echo "== threading tests under TSan =="
cmake --preset tsan >/dev/null
cmake --build --preset tsan -j "$jobs"
ctest --preset tsan -j "$jobs"

echo "== full suite, Release =="
cmake --preset release >/dev/null
cmake --build --preset release -j "$jobs"
ctest --preset release -j "$jobs"
