#!/usr/bin/env bash
# Times Tenace against DDS on the same machine: installs what is missing (and Debian's libdds-dev,
# the reference solver, used only by this comparison), builds tenace-cli and tenace-dds-reference
# in Release, then runs the two benchmarks on the same 100 deals, alternately, ROUNDS times
# (default 3; the machines are shared and noisy, so compare medians across rounds). Extra
# arguments go to both programs (e.g. a FILE of deals such as tests/data/tail.tsv). LEAD_LAYOUTS=N
# (default 0: skipped) also times the single-dummy lead table's N layouts, DDS against Tenace.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${ROUNDS:-3}"
scripts/setup.sh libdds-dev
cmake --preset dds-reference >/dev/null
cmake --build --preset dds-reference
bin=build/dds-reference
# The structs of libtenace-dds's dll.h must have DDS's sizes and offsets.
diff <("$bin/tools/tenace-dds-layout") <("$bin/tools/tenace-dds-layout-ours") &&
  echo "dll.h: every struct has DDS's size and offsets"
for round in $(seq 1 "$rounds"); do
  echo "== round $round of $rounds"
  "$bin/tools/tenace-dds-reference" "$@"
  "$bin/app/tenace-cli" bench --threads 1 --pbn-games 0 --sim-deals 0 "$@" | grep -v "^Par"
  if [ "${LEAD_LAYOUTS:-0}" -gt 0 ]; then
    "$bin/tools/tenace-dds-reference" --lead-layouts "$LEAD_LAYOUTS"
  fi
done
