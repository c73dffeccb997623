#!/usr/bin/env bash
# Fuzzes the PBN and LIN readers with libFuzzer (ASan+UBSan) for SECONDS per target (default 60).
# The mutations follow a fixed seed (TENACE_FUZZ_SEED, default 1), so that a run is reproducible
# and a longer run with the same seed covers every input a shorter one tries; set
# TENACE_FUZZ_SEED=0 for a fresh random seed when hunting for new bugs.
# Builds the `fuzz` preset (Clang), seeds build/fuzz/corpus/<target> with the fixtures and the
# saved regressions (tests/fuzz/regressions/<target>), and exits non-zero when a target crashes.
# A crashing input is left in build/fuzz/artifacts/<target>/: copy it into
# tests/fuzz/regressions/<target>/ once the bug is fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
seed="${TENACE_FUZZ_SEED:-1}"

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "${TENACE_JOBS:-$(nproc)}"

run_target() {
  local target=$1 fixtures=$2 dict=$3
  local corpus=build/fuzz/corpus/$target artifacts=build/fuzz/artifacts/$target
  mkdir -p "$corpus" "$artifacts"
  cp -f "$fixtures"/* "$corpus"/
  if compgen -G "tests/fuzz/regressions/$target/*" >/dev/null; then
    cp -f tests/fuzz/regressions/"$target"/* "$corpus"/
  fi
  local options=(-max_total_time="$seconds" -seed="$seed" -max_len=65536 -rss_limit_mb=2048 -timeout=10
                 -artifact_prefix="$artifacts"/ -print_final_stats=1)
  if [ -n "$dict" ]; then options+=(-dict="$dict"); fi
  echo "== fuzz $target for ${seconds}s, seed $seed =="
  local log=build/fuzz/$target.log
  if ! build/fuzz/tests/fuzz/"$target" "${options[@]}" "$corpus" >"$log" 2>&1; then
    tail -n 60 "$log"
    echo "fuzz: $target crashed; the input is in $artifacts/" >&2
    return 1
  fi
  grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log" || true
}

status=0
run_target fuzz_pbn_reader tests/data/fixtures/pbn tests/fuzz/pbn.dict || status=1
run_target fuzz_lin_reader tests/data/fixtures/lin "" || status=1
exit $status
