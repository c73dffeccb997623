#!/usr/bin/env bash
# Installs the Debian packages Tenace needs to build, test and package, skipping what is present,
# and the packages named as arguments (scripts/dds-reference.sh adds libdds-dev). Idempotent: a
# second run installs nothing. Runs apt as root, or through sudo.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-svg-dev qt6-charts-dev libqt6opengl6-dev libgl-dev libxkbcommon-dev
  fonts-dejavu-core clang-format dpkg-dev file desktop-file-utils appstream
  clang libclang-rt-14-dev
  python3-dev pybind11-dev python3-pytest python3-dask python3-distributed
  "$@"
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
