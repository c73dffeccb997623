#!/usr/bin/env bash
# Builds the .deb and the tarball from a configured and built tree, then checks them as a user
# would meet them: every file is in the package, Depends were computed, the desktop file and the
# AppStream metadata validate, and the programs and the C library work from the unpacked files
# (the README's C example is compiled against the packaged header, library and pkg-config file).
# Usage: check-package.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() { echo "check-package: $*" >&2; exit 1; }

(cd "$build" && cpack -G "DEB;TGZ" -B "$work/out" >"$work/cpack.log" 2>&1) \
  || { cat "$work/cpack.log"; fail "cpack failed"; }
deb=$(ls "$work"/out/tenace_*.deb)
tgz=$(ls "$work"/out/tenace-*.tar.gz)

dpkg-deb -c "$deb" | awk '{print $6}' >"$work/contents"
libdir=$(grep -o '^\./usr/lib/\(.*/\)\?libtenace-dds\.so$' "$work/contents" | xargs dirname)
libdir=${libdir#.} # /usr/lib or /usr/lib/<multiarch>
for f in ./usr/bin/tenace ./usr/bin/tenace-cli ".$libdir/libtenace-dds.so.0" \
  ./usr/include/tenace/dll.h ".$libdir/pkgconfig/tenace-dds.pc" \
  ./usr/share/applications/org.tenace.Tenace.desktop \
  ./usr/share/metainfo/org.tenace.Tenace.metainfo.xml ./usr/share/mime/packages/tenace.xml \
  ./usr/share/icons/hicolor/scalable/apps/tenace.svg \
  ./usr/share/icons/hicolor/48x48/apps/tenace.png \
  ./usr/share/icons/hicolor/256x256/apps/tenace.png \
  ./usr/share/man/man1/tenace.1.gz ./usr/share/man/man1/tenace-cli.1.gz \
  ./usr/share/doc/tenace/copyright ./usr/share/tenace/samples/sample.pbn; do
  grep -qxF "$f" "$work/contents" || fail "$f is not in $(basename "$deb")"
done
depends=$(dpkg-deb -f "$deb" Depends)
for p in libqt6widgets6 libqt6gui6 libqt6core6 libc6 libstdc++6; do
  [[ "$depends" == *"$p "* ]] || fail "Depends lacks $p: $depends"
done
tar -tzf "$tgz" >"$work/tgz-contents"
grep -q "/bin/tenace-cli$" "$work/tgz-contents" || fail "tenace-cli is not in $(basename "$tgz")"

root="$work/root"
dpkg -x "$deb" "$root"
desktop-file-validate "$root/usr/share/applications/org.tenace.Tenace.desktop"
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net "$root/usr/share/metainfo/org.tenace.Tenace.metainfo.xml" \
    >"$work/appstream.log" || { cat "$work/appstream.log"; fail "AppStream metadata invalid"; }
fi
xmllint_ok=1
if command -v xmllint >/dev/null; then xmllint --noout "$root/usr/share/mime/packages/tenace.xml" || xmllint_ok=0; fi
[ "$xmllint_ok" = 1 ] || fail "the MIME file is not well-formed XML"
gzip -t "$root/usr/share/man/man1/tenace-cli.1.gz"

export LD_LIBRARY_PATH="$root$libdir"
"$root/usr/bin/tenace-cli" --version | grep -q "^tenace-cli [0-9]" || fail "tenace-cli --version"
"$root/usr/bin/tenace-cli" table "$root/usr/share/tenace/samples/sample.pbn" --threads 2 \
  >"$work/table.tsv"
rows=$(grep -c $'^[NESW]:.*\t' "$work/table.tsv" || true)
[ "$rows" -ge 1 ] || fail "tenace-cli table printed no DD table"
echo "tenace-cli table from the package: $rows tables"

# The README's C API example, built against the packaged files only.
awk '/^```c$/{on=1; next} /^```$/{on=0} on' "$source/README.md" >"$work/example.c"
[ -s "$work/example.c" ] || fail "no C example in README.md"
pcdir="$root$libdir/pkgconfig"
flags=$(PKG_CONFIG_LIBDIR="$pcdir" pkg-config --cflags --libs tenace-dds)
cc -std=c99 -Wall -Wextra -Werror "$work/example.c" $flags -o "$work/example"
"$work/example" | tee "$work/example.out"
grep -q "tricks" "$work/example.out" || fail "the README example printed nothing useful"
echo "check-package: $(basename "$deb") and $(basename "$tgz") are complete and work"
