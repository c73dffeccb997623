#!/usr/bin/env bash
# Quick start 1: installs what is missing, builds Tenace in Release and opens the analyzer on a
# bundled sample. Extra arguments are passed to tenace instead of the sample.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release
if [ $# -eq 0 ]; then set -- resources/samples/sample.pbn; fi
exec build/release/app/tenace "$@"
